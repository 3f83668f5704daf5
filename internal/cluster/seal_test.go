package cluster

import (
	"bytes"
	"testing"
)

func TestSealRefusesAnotherKeyAndDamage(t *testing.T) {
	v := []byte("a value")
	b := seal("p:k", v)
	if got, ok := unseal("p:k", b); !ok || !bytes.Equal(got, v) {
		t.Fatalf("unseal(seal(v)) = %q, %v", got, ok)
	}
	if _, ok := unseal("p:other", b); ok {
		t.Error("a value sealed for another key was opened")
	}
	if _, ok := unseal("p:k", b[:len(b)-1]); ok {
		t.Error("a truncated value was opened")
	}
	flipped := bytes.Clone(b)
	flipped[len(flipped)-1] ^= 1
	if _, ok := unseal("p:k", flipped); ok {
		t.Error("a garbled value was opened")
	}
	if _, ok := unseal("p:k", v); ok {
		t.Error("an unsealed value was opened")
	}
}

// FuzzUnseal: no input panics, and what unseal accepts is exactly what
// seal makes of the bytes it returns.
func FuzzUnseal(f *testing.F) {
	f.Add("p:k", seal("p:k", []byte("picture")))
	f.Add("p:k", seal("p:k", nil))
	f.Add("p:k", seal("p:other", []byte("picture")))
	f.Add("p:k", []byte("GTS1"))
	f.Add("", []byte{})
	f.Fuzz(func(t *testing.T, key string, b []byte) {
		v, ok := unseal(key, b)
		if ok && !bytes.Equal(seal(key, v), b) {
			t.Fatalf("unseal accepted %q, which seal does not make", b)
		}
	})
}
