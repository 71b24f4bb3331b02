// The package's copy of README.md and docs/*.md. The screenshots stay in the repository (they
// would triple the tarball for pictures nobody opens in node_modules), so what shows them is
// fenced in the sources as repository-only and left out of the copy; every relative link that
// remains must resolve inside the package, which `npm run test:package` checks.

const REPOSITORY_ONLY = /\n?<!-- repository-only -->\n[\s\S]*?\n<!-- \/repository-only -->\n?/g;

/** Markdown as the package ships it: without its repository-only blocks. */
export function forThePackage(markdown: string): string {
  return markdown.replace(REPOSITORY_ONLY, '\n');
}

/** Every relative link and image target in `markdown` (`path` or `path#anchor`), anchors dropped. */
export function relativeLinks(markdown: string): string[] {
  const targets = [...markdown.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
  return targets
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => decodeURI(target.split('#')[0]!));
}
