/** The console shell; its screens arrive with the console issue. */
export function App() {
  const origin = window.location.origin;
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 40, maxWidth: 720 }}>
      <h1>Payment Links Sandbox</h1>
      <p>The API is running at {origin}.</p>
      <pre style={{ background: '#f4f5f7', padding: 16, borderRadius: 8, whiteSpace: 'pre-wrap' }}>
        {`curl -X POST ${origin}/payment-links \\
  -H "Authorization: Bearer sk_test_123" \\
  -H "Content-Type: application/json" \\
  -d '{"amount": 150000, "title": "Order #1001"}'`}
      </pre>
      <p>
        API reference: <a href="/openapi.json">/openapi.json</a>
      </p>
    </main>
  );
}
