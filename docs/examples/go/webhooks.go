// Package paymentlinks verifies Standard Webhooks signatures with the Go standard library only.
//
// The signed content is "{webhook-id}.{webhook-timestamp}.{body}", signed with HMAC-SHA256 under
// the bytes of the secret after "whsec_" (base64-decoded). The webhook-signature header lists one
// or more "v1,<base64>" signatures separated by spaces: during a secret rotation both are sent.
package paymentlinks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Tolerance is how far webhook-timestamp may be from now.
const Tolerance = 5 * time.Minute

var (
	ErrMissingHeaders = errors.New("missing webhook-id, webhook-timestamp or webhook-signature")
	ErrBadTimestamp   = errors.New("webhook-timestamp is not a number of seconds")
	ErrStale          = errors.New("webhook-timestamp is more than 5 minutes from now")
	ErrNoMatch        = errors.New("no v1 signature matches: the body, the headers or the secret differ")
)

// Verify returns nil if the webhook is genuine and fresh. body is the raw request body, exactly as
// received (not re-serialised JSON).
func Verify(secret string, header http.Header, body []byte, now time.Time) error {
	id := header.Get("webhook-id")
	timestamp := header.Get("webhook-timestamp")
	signatures := header.Get("webhook-signature")
	if id == "" || timestamp == "" || signatures == "" {
		return ErrMissingHeaders
	}
	seconds, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil {
		return ErrBadTimestamp
	}
	// A replayed old request, or a clock far off: either way the signature proves nothing now.
	if diff := now.Sub(time.Unix(seconds, 0)); diff > Tolerance || diff < -Tolerance {
		return ErrStale
	}
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		return errors.New("the secret is not whsec_ followed by base64")
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + timestamp + "."))
	mac.Write(body)
	expected := mac.Sum(nil)
	for _, signature := range strings.Split(signatures, " ") {
		if !strings.HasPrefix(signature, "v1,") {
			continue
		}
		given, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(signature, "v1,"))
		// hmac.Equal takes as long whatever the first differing byte: no timing oracle.
		if err == nil && hmac.Equal(given, expected) {
			return nil
		}
	}
	return ErrNoMatch
}
