// Generates the expected results of tests/unit/go_sort_test.cpp: for each case (length, key range,
// input pattern) it sorts (key, original index) pairs by key alone with Go's sort.Slice and prints
// an FNV-1a hash of the resulting index order. Ties keep whatever order Go's pdqsort leaves, so a
// hash matches only when every comparison and swap was Go's.
//
// Current Go (read in sources of Go 1.22 and later; opm v1.73 builds with Go 1.26) seeds pattern
// breaking with a xorshift of shifts 13, 7, 17; Go 1.19 used 13, 17, 5, and nothing else in
// sort.Slice differs (with 1.19's shifts, go_sort.h reproduces all 480 rows of Go 1.19). The
// committed table was made with Debian's Go 1.19 and its sort.go's two shift lines changed to
// the current ones through an overlay (nothing of the overlay is committed):
//
//	go run -overlay overlay.json tests/support/go_sort_vectors.go > /tmp/vectors.txt
package main

import (
	"fmt"
	"sort"
)

type item struct{ key, index int }

// The same generator as the C++ test: a 64-bit LCG, key = (state >> 33) % keys.
func input(n, keys int, pattern string) []item {
	state := uint64(n*1000003 + keys)
	next := func() int {
		state = state*6364136223846793005 + 1442695040888963407
		return int((state >> 33) % uint64(keys))
	}
	out := make([]item, n)
	for i := range out {
		var k int
		switch pattern {
		case "random":
			k = next()
		case "ascending":
			k = i * keys / max(n, 1)
		case "descending":
			k = (n - 1 - i) * keys / max(n, 1)
		case "pipe": // up then down
			if i < n/2 {
				k = i * keys / max(n, 1)
			} else {
				k = (n - 1 - i) * keys / max(n, 1)
			}
		case "nearly": // ascending with a few random keys
			k = i * keys / max(n, 1)
			if next()%10 == 0 {
				k = next()
			}
		case "saw": // repeating ramps
			k = (i % 17) * keys / 17
		}
		out[i] = item{k, i}
	}
	return out
}

func max(a, b int) int {
	if a > b {
		return a
	}
	return b
}

func main() {
	for _, n := range []int{0, 1, 2, 7, 12, 13, 20, 33, 49, 50, 51, 64, 100, 257, 1000, 4099} {
		for _, keys := range []int{1, 2, 3, 10, 1000} {
			for _, pattern := range []string{"random", "ascending", "descending", "pipe", "nearly", "saw"} {
				data := input(n, keys, pattern)
				sort.Slice(data, func(i, j int) bool { return data[i].key < data[j].key })
				hash := uint64(14695981039346656037)
				for _, it := range data {
					for _, b := range []byte(fmt.Sprintf("%d,", it.index)) {
						hash ^= uint64(b)
						hash *= 1099511628211
					}
				}
				fmt.Printf("{%d, %d, \"%s\", 0x%016xULL},\n", n, keys, pattern, hash)
			}
		}
	}
}
