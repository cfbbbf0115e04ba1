// The constraint catalogue, element (over constants and over variables), among, occurrences and
// nvalue against brute force. Every propagation level, several orders and both branchings must
// find exactly the assignments the definition accepts (catalogue.hpp).
#include "catalogue.hpp"

using namespace catalogue;

TEST_CASE("element and counting against brute force", "[catalogue][element][counting]") {
  agree_on_random(303, 200, 40, [](Random& r) {
    Instance in = base_instance(r, r.pick(2, 4), 0, -2, 4);
    for (int k = r.pick(1, 2); k > 0; --k)
      in.specs.push_back(random_element_or_count(r, in.domains.size()));
    return in;
  });
}
