package espn

import (
	"encoding/json"
	"testing"
)

func TestTextDecoding(t *testing.T) {
	tests := []struct{ in, want string }{
		{`"13"`, "13"}, {`13`, "13"}, {`-1.5e3`, "-1.5e3"}, {`" padded "`, "padded"},
		{`null`, ""}, {`true`, ""}, {`{"a":1}`, ""}, {`[1,2]`, ""}, {`"caf\u00e9"`, "café"},
	}
	for _, tt := range tests {
		var v struct {
			X text `json:"x"`
		}
		if err := json.Unmarshal([]byte(`{"x":`+tt.in+`}`), &v); err != nil || string(v.X) != tt.want {
			t.Errorf("text from %s = %q, %v; want %q, nil", tt.in, v.X, err, tt.want)
		}
	}
}

func TestListDecoding(t *testing.T) {
	type item struct {
		ID text `json:"id"`
	}
	tests := []struct {
		in   string
		want []string
	}{
		{`[{"id":1},{"id":"2"}]`, []string{"1", "2"}},
		{`{"id":"only"}`, []string{"only"}},
		{`[{"id":1},"x",null,{"id":{}}]`, []string{"1", "", "", ""}},
		{`"x"`, nil}, {`null`, nil}, {`7`, nil},
	}
	for _, tt := range tests {
		var v struct {
			L list[item] `json:"l"`
		}
		if err := json.Unmarshal([]byte(`{"l":`+tt.in+`}`), &v); err != nil {
			t.Errorf("list from %s: error %v", tt.in, err)
			continue
		}
		var got []string
		for _, it := range v.L {
			got = append(got, string(it.ID))
		}
		if len(got) != len(tt.want) {
			t.Errorf("list from %s = %q, want %q", tt.in, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("list from %s = %q, want %q", tt.in, got, tt.want)
				break
			}
		}
	}
}
