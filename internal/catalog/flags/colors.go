package flags

// nationColors are the primary and secondary colours national teams wear,
// for the nations that meet most often in international events. Colours
// extracted from a flag would make many of them white (Canada, England,
// Japan) or pick the wrong one of three stripes; the other countries
// still get the flag's extracted colours.
var nationColors = map[string][2]string{
	"ar": {"#75aadb", "#ffffff"}, "at": {"#ed2939", "#ffffff"}, "au": {"#00843d", "#ffcd00"},
	"be": {"#e30613", "#000000"}, "br": {"#ffdf00", "#009c3b"}, "ca": {"#d80621", "#ffffff"},
	"ch": {"#da291c", "#ffffff"}, "cl": {"#d52b1e", "#0039a6"}, "cm": {"#007a5e", "#ce1126"},
	"cn": {"#de2910", "#ffde00"}, "co": {"#fcd116", "#003893"}, "cr": {"#ce1126", "#002b7f"},
	"cz": {"#d7141a", "#11457e"}, "de": {"#000000", "#dd0000"}, "dk": {"#c8102e", "#ffffff"},
	"ec": {"#ffdd00", "#034ea2"}, "eg": {"#ce1126", "#000000"}, "es": {"#aa151b", "#f1bf00"},
	"fi": {"#002f6c", "#ffffff"}, "fr": {"#002654", "#ed2939"}, "gb": {"#012169", "#c8102e"},
	"gb-eng": {"#ce1124", "#ffffff"}, "gb-sct": {"#005eb8", "#ffffff"}, "gb-wls": {"#c8102e", "#00b140"},
	"gb-nir": {"#00843d", "#ffffff"}, "gh": {"#006b3f", "#fcd116"}, "gr": {"#0d5eaf", "#ffffff"},
	"hr": {"#ff0000", "#171796"}, "hu": {"#cd2a3e", "#436f4d"}, "ie": {"#169b62", "#ff883e"},
	"in": {"#ff9933", "#138808"}, "ir": {"#239f40", "#da0000"}, "it": {"#0064aa", "#ffffff"},
	"jm": {"#009b3a", "#fed100"}, "jp": {"#bc002d", "#ffffff"}, "ke": {"#006600", "#bb0000"},
	"kr": {"#cd2e3a", "#0047a0"}, "ma": {"#c1272d", "#006233"}, "mx": {"#006847", "#ce1126"},
	"ng": {"#008751", "#ffffff"}, "nl": {"#ff6600", "#21468b"}, "no": {"#ba0c2f", "#00205b"},
	"nz": {"#000000", "#ffffff"}, "pe": {"#d91023", "#ffffff"}, "pl": {"#dc143c", "#ffffff"},
	"pt": {"#c8102e", "#006600"}, "qa": {"#8a1538", "#ffffff"}, "ro": {"#fcd116", "#002b7f"},
	"rs": {"#c6363c", "#0c4076"}, "ru": {"#d52b1e", "#0039a6"}, "sa": {"#006c35", "#ffffff"},
	"se": {"#fecc00", "#006aa7"}, "sk": {"#0b4ea2", "#ee1c25"}, "sn": {"#00853f", "#fdef42"},
	"si": {"#005ce5", "#ffffff"}, "tn": {"#e70013", "#ffffff"}, "tr": {"#e30a17", "#ffffff"},
	"ua": {"#0057b7", "#ffd700"}, "us": {"#0a3161", "#b31942"}, "uy": {"#5cbfeb", "#ffffff"},
	"za": {"#007749", "#ffb81c"},
}
