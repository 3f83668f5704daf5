package match

import "testing"

func TestStripStop(t *testing.T) {
	tests := []struct{ in, want string }{
		{"the lakers", "lakers"},
		{"arsenal fc", "arsenal"},
		{"fc dallas", "dallas"},
		{"afc bournemouth", "bournemouth"},
		{"st louis city sc", "st louis city"},
		{"the fc", "fc"},
		{"fc", "fc"},
		{"the", "the"},
		{"south carolina", "south carolina"},
	}
	for _, tt := range tests {
		if got := string(stripStop([]byte(tt.in))); got != tt.want {
			t.Errorf("stripStop(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
