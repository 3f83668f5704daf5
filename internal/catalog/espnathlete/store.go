package espnathlete

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// The persisted roster is a tab-separated text file:
//
//	gamethumbs-athletes	1	<sport/slug>	<fetched, unix seconds>	<complete 0|1>	<count>
//	<id>	<first>	<last>	<display>	<short>	<headshot>	<flag>	<country>
//	...
//
// Fields never hold tabs or newlines (they are cleaned when decoded).
const (
	fileMagic   = "gamethumbs-athletes"
	fileVersion = "1"
	maxFile     = 64 << 20 // far above a real roster (~3 MB for 35,000 athletes)
	maxAthletes = 250_000
)

// file is the path of st's roster file.
func (p *Provider) file(st *leagueState) string {
	name := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '-' {
			return r
		}
		return '_'
	}, strings.ToLower(st.sport+"_"+st.slug))
	return filepath.Join(p.cfg.Dir, name+".tsv")
}

// writeFile writes a roster atomically: a temporary file in dir, synced,
// then renamed over path.
func writeFile(dir, path, league string, fetched time.Time, complete bool, as []athlete) (err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".athletes-*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	w := bufio.NewWriterSize(f, 64<<10)
	c := "0"
	if complete {
		c = "1"
	}
	fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%s\t%d\n", fileMagic, fileVersion, league, fetched.Unix(), c, len(as))
	for i := range as {
		a := &as[i]
		for j, f := range [...]string{a.ID, a.First, a.Last, a.Display, a.Short, a.Headshot, a.Flag, a.Country} {
			if j > 0 {
				w.WriteByte('\t')
			}
			w.WriteString(clean(f))
		}
		w.WriteByte('\n')
	}
	if err = w.Flush(); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// readFile reads a roster written by writeFile. Malformed files are an
// error (the caller then loads from ESPN); malformed lines are skipped.
func readFile(path string) (as []athlete, fetched time.Time, complete bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, time.Time{}, false, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, time.Time{}, false, err
	}
	if st.Size() > maxFile {
		return nil, time.Time{}, false, fmt.Errorf("%s: larger than %d bytes", filepath.Base(path), maxFile)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxFile))
	if err != nil {
		return nil, time.Time{}, false, err
	}
	text := string(data)
	header, rest, _ := strings.Cut(text, "\n")
	h := strings.Split(header, "\t")
	if len(h) != 6 || h[0] != fileMagic || h[1] != fileVersion {
		return nil, time.Time{}, false, errors.New(filepath.Base(path) + ": not a roster file of this version")
	}
	unix, err1 := strconv.ParseInt(h[3], 10, 64)
	n, err2 := strconv.Atoi(h[5])
	if err1 != nil || err2 != nil || n < 0 {
		return nil, time.Time{}, false, errors.New(filepath.Base(path) + ": bad header")
	}
	as = make([]athlete, 0, min(n, maxAthletes))
	for rest != "" && len(as) < maxAthletes {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		var fs [8]string
		k := 0
		for k < 7 {
			var ok bool
			fs[k], line, ok = strings.Cut(line, "\t")
			if !ok {
				break
			}
			k++
		}
		if k != 7 || strings.IndexByte(line, '\t') >= 0 {
			continue
		}
		fs[7] = line
		if !validID(fs[0]) || fs[3] == "" {
			continue
		}
		as = append(as, athlete{ID: fs[0], First: fs[1], Last: fs[2], Display: fs[3], Short: fs[4], Headshot: fs[5], Flag: fs[6], Country: fs[7]})
	}
	return as, time.Unix(unix, 0), h[4] == "1", nil
}
