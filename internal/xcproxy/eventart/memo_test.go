package eventart

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestMemoRemembersAnswersNotFailures(t *testing.T) {
	calls := 0
	fail := true
	n := func(_ context.Context, name string) (string, bool, error) {
		calls++
		if fail {
			return "", false, errors.New("provider down")
		}
		return "/nba/dal/sa/thumb", name == "Mavs vs Spurs", nil
	}
	clock := time.Unix(0, 0)
	m := Memo(n, 2, time.Minute, func() time.Time { return clock })
	ctx := context.Background()
	if _, ok, err := m(ctx, "Mavs vs Spurs"); ok || err == nil {
		t.Fatal("a failure must come back as a failure")
	}
	fail = false
	if _, _, err := m(ctx, "Mavs vs Spurs"); err == nil || calls != 1 {
		t.Fatalf("right after a failure: err %v after %d calls; want a pause without a call", err, calls)
	}
	clock = clock.Add(FailurePause)
	for range 3 {
		if p, ok, err := m(ctx, "Mavs vs Spurs"); !ok || err != nil || p != "/nba/dal/sa/thumb" {
			t.Fatalf("answer = %q %v %v", p, ok, err)
		}
	}
	if calls != 2 {
		t.Errorf("%d calls, want 2: the failure is not remembered, the answer is", calls)
	}
	clock = clock.Add(2 * time.Minute)
	m(ctx, "Mavs vs Spurs")
	if calls != 3 {
		t.Errorf("after the TTL: %d calls, want 3", calls)
	}
}
