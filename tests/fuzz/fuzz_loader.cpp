// libFuzzer target: arbitrary bytes as a catalog file (and, from the first byte, an .indexignore
// and a file name), through the whole validator. Any crash, hang, leak or sanitizer report fails.
//   build: scripts/fuzz.sh (clang, -fsanitize=fuzzer,address,undefined)
#include <cstddef>
#include <cstdint>
#include <string>

#include "validate/validate.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fbclens::MemoryFileSource source;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  // Split the input so .indexignore handling and multi-file walks are fuzzed too.
  const std::size_t cut = size ? data[0] % 16 : 0;
  if (cut && cut < size) {
    source.add(".indexignore", bytes.substr(1, cut));
    source.add("dir/catalog.yaml", bytes.substr(cut + 1));
  } else {
    source.add("catalog.json", bytes);
  }
  (void)fbclens::validate_catalog(source);
  return 0;
}
