package match

import "gamethumbs/internal/catalog"

// minWinnerScore is the least score that lets winner= name a team by
// matching: a partial match of the full name or anything better.
const minWinnerScore = scoreInFull

// Winner decides which side a winner= value names: 1, 2, or 0 for
// neither/ambiguous. seg1/seg2 are the path segments as typed; t1/t2 the
// resolved teams.
//
// First the value is compared with the segments (compact forms), so
// winner=lal with /lal/bos/ is side 1 whatever the teams are. Otherwise
// each team is scored with [Score]; the strictly higher score wins if it
// is at least 200 (a partial full-name match). Blank, over-long or
// unmatched values, and equal scores, give 0.
func Winner(winner, seg1, seg2 string, t1, t2 catalog.Team) int {
	if len(winner) > MaxQueryLen {
		return 0
	}
	var wb, b1, b2 [128]byte
	w := catalog.AppendFold(wb[:0], winner, false)
	if len(w) == 0 {
		return 0
	}
	c1 := catalog.AppendFold(b1[:0], seg1, false)
	c2 := catalog.AppendFold(b2[:0], seg2, false)
	eq1, eq2 := string(w) == string(c1), string(w) == string(c2)
	switch {
	case eq1 && !eq2:
		return 1
	case eq2 && !eq1:
		return 2
	}
	s1, s2 := Score(winner, t1), Score(winner, t2)
	switch {
	case s1 > s2 && s1 >= minWinnerScore:
		return 1
	case s2 > s1 && s2 >= minWinnerScore:
		return 2
	}
	return 0
}
