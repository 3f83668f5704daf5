package testutil

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// LogDirEnv names the directory where tests keep the logs they capture,
// so that the logs of a whole test run can be searched for planted
// credentials: GAMETHUMBS_TEST_LOG_DIR=/tmp/logs go test ./... .
const LogDirEnv = "GAMETHUMBS_TEST_LOG_DIR"

// PlantedMarks start every credential the leak tests plant (and every
// piece of one), so a search for them finds any leak whatever the
// encoding: they are plain letters and digits.
var PlantedMarks = []string{"Zq7u", "Pw9p", "Tk5t"}

// KeepLog appends a test's captured log output to file (a base name) in
// $GAMETHUMBS_TEST_LOG_DIR, when that is set.
func KeepLog(t testing.TB, file, logs string) {
	dir := os.Getenv(LogDirEnv)
	if dir == "" || logs == "" {
		return
	}
	f, err := os.OpenFile(filepath.Join(dir, file), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Logf("keeping the log: %v", err)
		return
	}
	defer f.Close()
	f.WriteString("== " + t.Name() + "\n" + logs)
}

// FindPlanted searches every *.log file of dir for PlantedMarks and
// returns the lines that hold one, each after its file's name and the
// test that wrote it.
func FindPlanted(dir string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "*.log"))
	var found []string
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
		test := ""
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, "== ") {
				test = line[3:]
				continue
			}
			for _, m := range PlantedMarks {
				if strings.Contains(line, m) {
					found = append(found, filepath.Base(name)+" ("+test+"): "+line)
					break
				}
			}
		}
		f.Close()
	}
	return found
}
