// Against a running sandbox: create a payment link, pay it, receive its webhook and verify it.
//
// Environment: PAYMENTS_BASE_URL, PAYMENTS_KEY, PAYMENTS_WEBHOOK_SECRET (the sandbox's
// --webhook-secret), WEBHOOK_PORT (the port of the sandbox's --webhook-url, default 3000) and
// WEBHOOK_HOST (the address to listen on, default 127.0.0.1; 0.0.0.0 when the sandbox runs in a
// container).
// Run: go test ./...
package paymentlinks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"testing"
	"time"
)

type webhook struct {
	header http.Header
	body   []byte
}

type event struct {
	Type string `json:"type"`
	Data struct {
		ID     string `json:"id"`
		Status string `json:"status"`
	} `json:"data"`
}

func env(name, fallback string) string {
	if value := os.Getenv(name); value != "" {
		return value
	}
	return fallback
}

var (
	baseURL     = env("PAYMENTS_BASE_URL", "http://127.0.0.1:4545")
	key         = env("PAYMENTS_KEY", "sk_test_ci")
	secret      = os.Getenv("PAYMENTS_WEBHOOK_SECRET")
	webhookHost = env("WEBHOOK_HOST", "127.0.0.1")
	webhookPort = env("WEBHOOK_PORT", "3000")
)

func api(t *testing.T, method, path string, body any) map[string]any {
	t.Helper()
	payload, _ := json.Marshal(body)
	request, _ := http.NewRequest(method, baseURL+path, bytes.NewReader(payload))
	request.Header.Set("Authorization", "Bearer "+key)
	request.Header.Set("Content-Type", "application/json")
	response, err := (&http.Client{Timeout: 10 * time.Second}).Do(request)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer response.Body.Close()
	var answer map[string]any
	if err := json.NewDecoder(response.Body).Decode(&answer); err != nil || response.StatusCode >= 300 {
		t.Fatalf("%s %s answered %d (%v)", method, path, response.StatusCode, err)
	}
	return answer["data"].(map[string]any)
}

// paidWebhook plays the app's part: its webhook route verifies and keeps what arrives.
func paidWebhook(t *testing.T) (string, webhook) {
	t.Helper()
	if secret == "" {
		t.Fatal("PAYMENTS_WEBHOOK_SECRET is not set: give it the sandbox's --webhook-secret")
	}
	listener, err := net.Listen("tcp", net.JoinHostPort(webhookHost, webhookPort))
	if err != nil {
		t.Fatalf("listening on WEBHOOK_PORT %s: %v", webhookPort, err)
	}
	received := make(chan webhook, 16)
	server := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if err := Verify(secret, r.Header, body, time.Now()); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.WriteHeader(http.StatusNoContent)
		received <- webhook{r.Header.Clone(), body}
	})}
	go server.Serve(listener)
	t.Cleanup(func() { server.Close() })

	link := api(t, "POST", "/payment-links", map[string]any{"amount": 150000, "title": "Order #1001"})
	id := link["id"].(string)
	api(t, "POST", "/sandbox/simulate", map[string]any{"payment_link_id": id, "event": "paid"})
	timeout := time.After(15 * time.Second)
	for {
		select {
		case w := <-received:
			var e event
			if json.Unmarshal(w.body, &e) == nil && e.Data.ID == id {
				return id, w
			}
		case <-timeout:
			t.Fatalf("no verified webhook for link %s within 15 s", id)
		}
	}
}

func TestPaymentLinkWebhooks(t *testing.T) {
	id, w := paidWebhook(t)

	t.Run("the paid webhook verifies", func(t *testing.T) {
		if err := Verify(secret, w.header, w.body, time.Now()); err != nil {
			t.Fatal(err)
		}
		var e event
		if err := json.Unmarshal(w.body, &e); err != nil {
			t.Fatal(err)
		}
		if e.Type != "payment_link.paid" || e.Data.ID != id || e.Data.Status != "succeeded" {
			t.Fatalf("unexpected event %+v", e)
		}
	})

	t.Run("a tampered body is rejected", func(t *testing.T) {
		tampered := bytes.Replace(w.body, []byte(`"amount":150000`), []byte(`"amount":1`), 1)
		if bytes.Equal(tampered, w.body) {
			t.Fatal("the body has no amount to tamper with")
		}
		if err := Verify(secret, w.header, tampered, time.Now()); !errors.Is(err, ErrNoMatch) {
			t.Fatalf("want ErrNoMatch, got %v", err)
		}
	})

	t.Run("a timestamp over 5 minutes off is rejected", func(t *testing.T) {
		sentAt, _ := strconv.ParseInt(w.header.Get("webhook-timestamp"), 10, 64)
		later := time.Unix(sentAt, 0).Add(Tolerance + time.Second)
		if err := Verify(secret, w.header, w.body, later); !errors.Is(err, ErrStale) {
			t.Fatalf("want ErrStale, got %v", err)
		}
	})

	t.Run("another secret is rejected", func(t *testing.T) {
		other := fmt.Sprintf("whsec_%032d", 0)
		if err := Verify(other, w.header, w.body, time.Now()); !errors.Is(err, ErrNoMatch) {
			t.Fatalf("want ErrNoMatch, got %v", err)
		}
	})
}
