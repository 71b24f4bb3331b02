// Parallel test workers against one sandbox, each in a workspace of its own (docs/ci.md): each
// subtest runs with t.Parallel() and its own key, sk_test_ws_go_<n>, so its links, webhooks, clock
// and faults are its own.
//
// Environment: PAYMENTS_BASE_URL (default http://127.0.0.1:4545).
// Run: go test -count=1 -run TestParallelWorkers -v ./...
package paymentlinks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"testing"
	"time"
)

// call is one request with a worker's own key; the answer's data (an object or a list).
func call(t *testing.T, workerKey, method, path string, body any, header map[string]string) any {
	t.Helper()
	var payload io.Reader
	if body != nil {
		encoded, _ := json.Marshal(body)
		payload = bytes.NewReader(encoded)
	}
	request, _ := http.NewRequest(method, baseURL+path, payload)
	request.Header.Set("Authorization", "Bearer "+workerKey)
	request.Header.Set("Content-Type", "application/json")
	for name, value := range header {
		request.Header.Set(name, value)
	}
	response, err := (&http.Client{Timeout: 30 * time.Second}).Do(request)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer response.Body.Close()
	var answer struct{ Data any }
	if err := json.NewDecoder(response.Body).Decode(&answer); err != nil || response.StatusCode >= 300 {
		t.Fatalf("%s %s answered %d (%v)", method, path, response.StatusCode, err)
	}
	return answer.Data
}

func TestParallelWorkers(t *testing.T) {
	for n := 0; n < 4; n++ {
		n := n
		t.Run(fmt.Sprintf("worker_%d", n), func(t *testing.T) {
			t.Parallel()
			workerKey := fmt.Sprintf("sk_test_ws_go_%d", n)
			listener, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			received := make(chan webhook, 16)
			server := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				body, _ := io.ReadAll(r.Body)
				w.WriteHeader(http.StatusNoContent)
				received <- webhook{r.Header.Clone(), body}
			})}
			go server.Serve(listener)
			t.Cleanup(func() { server.Close() })
			url := fmt.Sprintf("http://%s/webhooks", listener.Addr())
			endpoint := call(t, workerKey, "POST", "/sandbox/endpoints", map[string]any{"url": url}, nil).(map[string]any)
			workerSecret := endpoint["secret"].(string)

			for round := 0; round < 3; round++ {
				call(t, workerKey, "POST", "/sandbox/reset", nil, nil)
				order := map[string]string{"Idempotency-Key": fmt.Sprintf("order-%d", round)}
				body := map[string]any{"amount": 1000 + round, "title": fmt.Sprintf("go worker %d", n)}
				link := call(t, workerKey, "POST", "/payment-links", body, order).(map[string]any)
				again := call(t, workerKey, "POST", "/payment-links", body, order).(map[string]any)
				if again["id"] != link["id"] {
					t.Fatalf("a retry made a second link")
				}
				call(t, workerKey, "POST", "/sandbox/simulate", map[string]any{"payment_link_id": link["id"], "event": "paid"}, nil)
				select {
				case w := <-received:
					if err := Verify(workerSecret, w.header, w.body, time.Now()); err != nil {
						t.Fatalf("its webhook does not verify: %v", err)
					}
					var e event
					json.Unmarshal(w.body, &e)
					if e.Data.ID != link["id"] {
						t.Fatalf("got the webhook of a link not its own: %s", e.Data.ID)
					}
				case <-time.After(20 * time.Second):
					t.Fatalf("no webhook for link %s within 20 s", link["id"])
				}
				listed := call(t, workerKey, "GET", "/payment-links?per_page=100", nil, nil).([]any)
				if len(listed) != 1 || listed[0].(map[string]any)["id"] != link["id"] {
					t.Fatalf("its list holds %d links, not its one", len(listed))
				}
				call(t, workerKey, "POST", "/sandbox/clock/advance", map[string]any{"seconds": 86400}, nil)
				rule := call(t, workerKey, "POST", "/sandbox/faults", map[string]any{
					"match":  map[string]any{"method": "GET"},
					"action": map[string]any{"type": "status", "status": 503},
				}, nil).(map[string]any)
				if rules := call(t, workerKey, "GET", "/sandbox/faults", nil, nil).([]any); len(rules) != 1 {
					t.Fatalf("it sees %d fault rules, not its one", len(rules))
				}
				call(t, workerKey, "DELETE", "/sandbox/faults/"+rule["id"].(string), nil, nil)
			}
		})
	}
}
