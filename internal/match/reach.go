package match

// reach is a necessary condition, computed once per Index, for a query to
// score above the city tier against any of its teams. Every such tier
// needs one reading of the query (see prepared) to either
//
//   - equal a key: an alias, the abbreviation, the name, short name, full
//     name or slug, or a nickname with its location shorthand spelled out
//     (spelledOut: "losangelesfc"); or
//   - share four letters in a row with a name, short name or
//     abbreviation: the query holds it (scoreHasName, concatTier) or lies
//     inside it (scoreInName, at least minPartial letters).
//
// The second test is a Bloom-style bit set of those four-letter pieces,
// so it may say yes for nothing, never no for something.
type reach struct {
	exact map[string]struct{}
	grams *[gramWords]uint64
}

const (
	gramBits  = 15 // 32768 bits, 4 KB per index
	gramWords = 1 << gramBits / 64
)

func gramBit(g []byte) uint32 {
	v := uint32(g[0]) | uint32(g[1])<<8 | uint32(g[2])<<16 | uint32(g[3])<<24
	return (v * 0x9e3779b1) >> (32 - gramBits)
}

func newReach(x *Index) reach {
	r := reach{exact: make(map[string]struct{}), grams: new([gramWords]uint64)}
	add := func(k []byte) {
		if len(k) > 0 {
			r.exact[string(k)] = struct{}{}
		}
	}
	for i := range x.keys {
		k := &x.keys[i]
		for _, key := range [...][]byte{k.abbr, k.name, k.short, k.full, k.slug} {
			add(key)
		}
		for _, a := range x.aliases[i] {
			add(a.key)
			add(a.lit)
		}
		for _, cand := range [...][]byte{k.name, k.short, k.abbr} {
			if len(cand) < minPartial {
				continue
			}
			for j := 0; j+minPartial <= len(cand); j++ {
				b := gramBit(cand[j : j+minPartial])
				r.grams[b/64] |= 1 << (b % 64)
			}
			for n := 3; n >= 2; n-- {
				if exp := expandCode(cand[:n]); exp != "" {
					add(append([]byte(exp), cand[n:]...))
				}
			}
		}
	}
	return r
}

// may reports whether q might score above the city tier in the index.
func (r *reach) may(q *prepared) bool {
	if _, ok := r.exact[string(q.lit)]; ok {
		return true
	}
	for i := 0; i < q.n; i++ {
		v := q.vars[i].key
		if _, ok := r.exact[string(v)]; ok {
			return true
		}
		for j := 0; j+minPartial <= len(v); j++ {
			b := gramBit(v[j : j+minPartial])
			if r.grams[b/64]&(1<<(b%64)) != 0 {
				return true
			}
		}
	}
	return false
}
