// Go's sort.Slice, step for step (Go ≥ 1.19: pattern-defeating quicksort, the `_func` variant of
// package sort). The sort is unstable, but deterministic: for the same input order and the same
// less results it makes the same swaps, so elements that compare equal end in the very order Go
// leaves them in. opm's render-graph sorts channels by name and entries by version this way, and
// its output shows the order of ties (spec validation.md §4.1), so a byte-identical port needs
// Go's exact sequence of comparisons and swaps, not just "a" sort.
//
// Written from the algorithm's description (pdqsort: insertion sort up to 12 elements, heapsort
// after too many unbalanced partitions, pattern breaking with a xorshift generator seeded by the
// length, median-of-three / Tukey-ninther pivots with a sortedness hint, partial insertion sort for
// nearly sorted input, a separate partition for runs equal to the previous pivot), including two
// of Go's details that change results on ties: the left shift of the partial insertion sort runs
// down to index 1 of the whole slice (not of the sub-range), and "equal to the previous pivot" is
// tested whenever the sub-range does not start at index 0.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace fbclens {

namespace go_sort_detail {

/// The state of one sort.Slice call: the slice and its less function, indices as Go ints.
template <typename T, typename Less>
class PdqSort {
 public:
  PdqSort(std::vector<T>& data, Less& less) : data_(data), less_(less) {}

  void run() {
    const std::ptrdiff_t n = static_cast<std::ptrdiff_t>(data_.size());
    sort(0, n, bit_length(static_cast<std::uint64_t>(n)));
  }

 private:
  enum class Hint { Unknown, Increasing, Decreasing };

  std::vector<T>& data_;
  Less& less_;

  bool lt(std::ptrdiff_t i, std::ptrdiff_t j) { return less_(data_[i], data_[j]); }
  void swap(std::ptrdiff_t i, std::ptrdiff_t j) {
    using std::swap;
    swap(data_[i], data_[j]);
  }

  /// math/bits.Len: the number of bits needed to represent x (0 for 0).
  static int bit_length(std::uint64_t x) {
    int n = 0;
    for (; x; x >>= 1) ++n;
    return n;
  }

  void insertion(std::ptrdiff_t a, std::ptrdiff_t b) {
    for (std::ptrdiff_t i = a + 1; i < b; ++i) {
      for (std::ptrdiff_t j = i; j > a && lt(j, j - 1); --j) swap(j, j - 1);
    }
  }

  // Max-heap over data[first + lo, first + hi), sifting `root` down.
  void sift_down(std::ptrdiff_t root, std::ptrdiff_t hi, std::ptrdiff_t first) {
    while (true) {
      std::ptrdiff_t child = 2 * root + 1;
      if (child >= hi) return;
      if (child + 1 < hi && lt(first + child, first + child + 1)) ++child;
      if (!lt(first + root, first + child)) return;
      swap(first + root, first + child);
      root = child;
    }
  }

  void heap(std::ptrdiff_t a, std::ptrdiff_t b) {
    const std::ptrdiff_t n = b - a;
    for (std::ptrdiff_t i = (n - 1) / 2; i >= 0; --i) sift_down(i, n, a);
    for (std::ptrdiff_t i = n - 1; i >= 0; --i) {
      swap(a, a + i);
      sift_down(0, i, a);
    }
  }

  void sort(std::ptrdiff_t a, std::ptrdiff_t b, int limit) {
    bool balanced = true, partitioned = true;
    while (true) {
      const std::ptrdiff_t length = b - a;
      if (length <= 12) {
        insertion(a, b);
        return;
      }
      if (limit == 0) {
        heap(a, b);
        return;
      }
      if (!balanced) {
        break_patterns(a, b);
        --limit;
      }
      Hint hint = Hint::Unknown;
      std::ptrdiff_t pivot = choose_pivot(a, b, hint);
      if (hint == Hint::Decreasing) {
        for (std::ptrdiff_t i = a, j = b - 1; i < j; ++i, --j) swap(i, j);
        pivot = (b - 1) - (pivot - a);
        hint = Hint::Increasing;
      }
      if (balanced && partitioned && hint == Hint::Increasing && partial_insertion(a, b)) return;
      // Everything here is >= the element just before the range (the previous pivot); if the
      // chosen pivot equals it, split off the run of equal elements and go on with the rest.
      if (a > 0 && !lt(a - 1, pivot)) {
        a = partition_equal(a, b, pivot);
        continue;
      }
      const std::ptrdiff_t mid = partition(a, b, pivot, partitioned);
      const std::ptrdiff_t left = mid - a, right = b - mid, threshold = length / 8;
      if (left < right) {
        balanced = left >= threshold;
        sort(a, mid, limit);
        a = mid + 1;
      } else {
        balanced = right >= threshold;
        sort(mid + 1, b, limit);
        b = mid;
      }
    }
  }

  // Hoare-style partition around data[pivot] (moved to data[a] first); returns the pivot's final
  // index and whether nothing had to move.
  std::ptrdiff_t partition(std::ptrdiff_t a, std::ptrdiff_t b, std::ptrdiff_t pivot, bool& already) {
    swap(a, pivot);
    std::ptrdiff_t i = a + 1, j = b - 1;
    while (i <= j && lt(i, a)) ++i;
    while (i <= j && !lt(j, a)) --j;
    if (i > j) {
      swap(j, a);
      already = true;
      return j;
    }
    swap(i, j);
    ++i;
    --j;
    while (true) {
      while (i <= j && lt(i, a)) ++i;
      while (i <= j && !lt(j, a)) --j;
      if (i > j) break;
      swap(i, j);
      ++i;
      --j;
    }
    swap(j, a);
    already = false;
    return j;
  }

  // Moves the elements equal to data[pivot] to the front of [a, b); returns where the rest starts.
  std::ptrdiff_t partition_equal(std::ptrdiff_t a, std::ptrdiff_t b, std::ptrdiff_t pivot) {
    swap(a, pivot);
    std::ptrdiff_t i = a + 1, j = b - 1;
    while (true) {
      while (i <= j && !lt(a, i)) ++i;
      while (i <= j && lt(a, j)) --j;
      if (i > j) return i;
      swap(i, j);
      ++i;
      --j;
    }
  }

  // Fixes up to 5 adjacent inversions of a nearly sorted range; true when the range ends sorted.
  bool partial_insertion(std::ptrdiff_t a, std::ptrdiff_t b) {
    std::ptrdiff_t i = a + 1;
    for (int step = 0; step < 5; ++step) {
      while (i < b && !lt(i, i - 1)) ++i;
      if (i == b) return true;
      if (b - a < 50) return false;
      swap(i, i - 1);
      if (i - a >= 2) {
        // Go shifts down to index 1 of the whole slice, not to a + 1.
        for (std::ptrdiff_t j = i - 1; j >= 1; --j) {
          if (!lt(j, j - 1)) break;
          swap(j, j - 1);
        }
      }
      if (b - i >= 2) {
        for (std::ptrdiff_t j = i + 1; j < b; ++j) {
          if (!lt(j, j - 1)) break;
          swap(j, j - 1);
        }
      }
    }
    return false;
  }

  // Swaps three elements around the middle with pseudo-random ones (xorshift seeded by length).
  void break_patterns(std::ptrdiff_t a, std::ptrdiff_t b) {
    const std::ptrdiff_t length = b - a;
    if (length < 8) return;
    std::uint64_t random = static_cast<std::uint64_t>(length);
    const std::uint64_t modulus = std::uint64_t(1) << bit_length(static_cast<std::uint64_t>(length));
    const std::ptrdiff_t middle = a + (length / 4) * 2;
    for (std::ptrdiff_t idx = middle - 1; idx <= middle + 1; ++idx) {
      random ^= random << 13;
      random ^= random >> 7;
      random ^= random << 17;
      std::ptrdiff_t other = static_cast<std::ptrdiff_t>(random & (modulus - 1));
      if (other >= length) other -= length;
      swap(idx, a + other);
    }
  }

  // Index of the smaller/larger of two without moving anything; counts inversions seen.
  void order2(std::ptrdiff_t& x, std::ptrdiff_t& y, int& swaps) {
    if (lt(y, x)) {
      ++swaps;
      std::swap(x, y);
    }
  }
  std::ptrdiff_t median(std::ptrdiff_t x, std::ptrdiff_t y, std::ptrdiff_t z, int& swaps) {
    order2(x, y, swaps);
    order2(y, z, swaps);
    order2(x, y, swaps);
    return y;
  }

  // Pivot: static below 8 elements, median of three below 50, else Tukey's ninther. No inversion
  // among the 12 (or 3) comparisons hints "increasing", all of them inverted "decreasing".
  std::ptrdiff_t choose_pivot(std::ptrdiff_t a, std::ptrdiff_t b, Hint& hint) {
    const std::ptrdiff_t l = b - a;
    int swaps = 0;
    std::ptrdiff_t i = a + l / 4 * 1, j = a + l / 4 * 2, k = a + l / 4 * 3;
    if (l >= 8) {
      if (l >= 50) {
        i = median(i - 1, i, i + 1, swaps);
        j = median(j - 1, j, j + 1, swaps);
        k = median(k - 1, k, k + 1, swaps);
      }
      j = median(i, j, k, swaps);
    }
    hint = swaps == 0 ? Hint::Increasing : swaps == 12 ? Hint::Decreasing : Hint::Unknown;
    return j;
  }
};

}  // namespace go_sort_detail

/// Sorts `data` in place exactly as Go's `sort.Slice(data, less)` does (same comparisons, same
/// swaps, hence the same final order of elements that compare equal). `less(x, y)` must be a
/// strict weak order on the elements. O(n log n); never allocates.
template <typename T, typename Less>
void go_sort_slice(std::vector<T>& data, Less less) {
  go_sort_detail::PdqSort<T, Less>(data, less).run();
}

}  // namespace fbclens
