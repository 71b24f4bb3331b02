// Which of a form's fields an API error's `param` names. The API names a field by its path in the
// body ("fees.transaction_fixed", "faults.seed", "match.api_key"); a form names its own fields.

/**
 * The field `param` names: an alias the form gives it, the param itself when it is a field, or else
 * the nearest enclosing path that is one ("faults.seed" → "faults"). Undefined when none is.
 */
export function fieldOfParam<F extends string>(
  param: string | undefined,
  fields: readonly F[],
  aliases: Readonly<Record<string, F>> = {},
): F | undefined {
  let path = param ?? '';
  while (path !== '') {
    if (Object.hasOwn(aliases, path)) return aliases[path];
    if ((fields as readonly string[]).includes(path)) return path as F;
    const parent = path.replace(/(?:\.[^.[]*|\[[^\]]*\])$/, '');
    if (parent === path) return undefined;
    path = parent;
  }
  return undefined;
}
