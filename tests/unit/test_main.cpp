// Catch2 2.x main (Debian's catch2 package).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
