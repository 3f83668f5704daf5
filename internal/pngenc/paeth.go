package pngenc

// Bytewise (SWAR) arithmetic on eight bytes held in a uint64: two pixels
// of four bytes, each byte a lane of its own. hiBits holds each lane's top
// bit, loBits the other seven; a lane's subtraction done on its low seven
// bits with its top bit set cannot borrow from the lane above.
const (
	hiBits = 0x8080808080808080
	loBits = 0x7f7f7f7f7f7f7f7f
)

// paeth8 returns the Paeth residuals of the eight bytes x, whose left
// neighbours are the bytes of a, above those of b and above-left those of
// c, each byte on its own (pred is Paeth's prediction, the residual x - pred
// modulo 256), with no branch and no table.
//
// With u = |b - c| and v = |a - c|, Paeth's three distances are u, v and
// |(b - c) + (a - c)|. Where b - c and a - c have the same sign (or one
// is zero) the third is u + v, never below the other two: the prediction
// is a if u <= v, else b. Where the signs differ it is |u - v|, so a wins
// if u <= v - u, that is u <= v>>1; else b if v <= u>>1; else c. Every
// comparison is then between bytes, and the halves are below 128.
func paeth8(x, a, b, c uint64) uint64 {
	const H, L = hiBits, loBits
	cl := c & L
	// u = |b - c| and nb (top bits): b < c. t's top bit is whether b's
	// low seven bits are at least c's; d is b - c bytewise.
	e := b ^ c
	t := (b | H) - cl
	d := t ^ (H &^ e)
	nb := (c & e) | ^(e | t)
	s := (nb & H) >> 7
	u := (d ^ s*0xff) + s // d negated where b < c (d is not 0 there)
	// v = |a - c| and na: a < c, the same way.
	f := a ^ c
	t = (a | H) - cl
	d = t ^ (H &^ f)
	na := (c & f) | ^(f | t)
	s = (na & H) >> 7
	v := (d ^ s*0xff) + s
	opp := nb ^ na // top bits: the signs differ
	ul := u & L
	g := u ^ v
	le := (v & g) | (((v | H) - ul) &^ g)   // u <= v
	leA := ((v>>1&L | H) - ul) &^ u         // u <= v>>1
	leB := ((u>>1&L | H) - (v & L)) &^ v    // v <= u>>1
	selA := ((opp & leA) | (le &^ opp)) & H // predict a
	selB := (leB | ^opp) &^ selA & H        // predict b
	mA, mB := (selA>>7)*0xff, (selB>>7)*0xff
	pred := c ^ (f & mA) ^ (e & mB)
	return ((x | H) - (pred & L)) ^ (H &^ (x ^ pred))
}

// nonzeroBytes returns v with each byte's top bit set if the byte is not
// zero (the other bits are not cleared).
func nonzeroBytes(v uint64) uint64 {
	return (v&loBits + loBits) | v
}
