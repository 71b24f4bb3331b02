// A request's or a response's headers, name and value, as the log kept them.
export function HeaderList({ title, headers }: { title: string; headers: Record<string, string> }) {
  const names = Object.keys(headers).sort();
  return (
    <section className="request-body" aria-label={title}>
      <header className="request-body-header">
        <h4>{title}</h4>
      </header>
      {names.length === 0 ? (
        <p className="muted">None</p>
      ) : (
        <dl className="header-list mono">
          {names.map((name) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{headers[name]}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
