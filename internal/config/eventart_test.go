package config

import (
	"strings"
	"testing"
)

func TestEventArt(t *testing.T) {
	for _, tt := range []struct {
		env   map[string]string
		want  EventArt
		error string
	}{
		{nil, EventArt{Kind: "off"}, ""},
		{map[string]string{"XC_EVENT_ART": "THUMB", "XC_EVENT_ART_GUIDE": "true"}, EventArt{Kind: "thumb", Guide: true}, ""},
		{map[string]string{"XC_EVENT_ART": "logo"}, EventArt{Kind: "logo"}, ""},
		{map[string]string{"XC_EVENT_ART": "cover"}, EventArt{}, "XC_EVENT_ART"},
		{map[string]string{"XC_EVENT_ART_GUIDE": "maybe"}, EventArt{}, "XC_EVENT_ART_GUIDE"},
	} {
		c, err := Load(func(k string) string { return tt.env[k] })
		if tt.error != "" {
			if err == nil || !strings.Contains(err.Error(), tt.error) {
				t.Errorf("%v: err = %v, want one naming %s", tt.env, err, tt.error)
			}
			continue
		}
		if err != nil || c.EventArt != tt.want {
			t.Errorf("%v: %+v, %v; want %+v", tt.env, c.EventArt, err, tt.want)
		}
	}
}
