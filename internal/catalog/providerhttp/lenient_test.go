package providerhttp

import (
	"encoding/json"
	"testing"
)

func TestText(t *testing.T) {
	tests := []struct{ in, want string }{
		{`"  Bears "`, "Bears"},
		{`13`, "13"},
		{`-1.5`, "-1.5"},
		{`null`, ""},
		{`true`, ""},
		{`{"a":1}`, ""},
		{`[1]`, ""},
	}
	for _, tt := range tests {
		var v struct {
			X Text `json:"x"`
		}
		err := json.Unmarshal([]byte(`{"x":`+tt.in+`}`), &v)
		if err != nil || string(v.X) != tt.want {
			t.Errorf("Text from %s = %q, %v; want %q, nil", tt.in, v.X, err, tt.want)
		}
	}
}

func TestDecodeLenient(t *testing.T) {
	var v struct {
		N int  `json:"n"`
		S Text `json:"s"`
	}
	if err := DecodeLenient([]byte(`{"n":"x","s":"kept"}`), &v); err != nil || v.S != "kept" {
		t.Errorf("DecodeLenient(wrong type) = %q, %v; want kept, nil", v.S, err)
	}
	if err := DecodeLenient([]byte(`{"n":`), &v); err == nil {
		t.Errorf("DecodeLenient(truncated) = nil, want an error")
	}
}
