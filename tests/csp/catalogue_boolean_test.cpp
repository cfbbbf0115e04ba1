// The constraint catalogue, clause, bool_or, bool_and, bool_xor, parity, bool_not against brute
// force. Every propagation level, several orders and both branchings must find exactly the
// assignments the definition accepts (catalogue.hpp).
#include "catalogue.hpp"

using namespace catalogue;

TEST_CASE("Boolean constraints against brute force", "[catalogue][boolean]") {
  agree_on_random(404, 150, 30, [](Random& r) {
    Instance in = base_instance(r, r.pick(2, 5), 5, 0, 1);
    std::vector<std::size_t> bools;
    for (std::size_t i = 0; i < in.domains.size(); ++i) bools.push_back(i);
    for (int k = r.pick(1, 3); k > 0; --k) in.specs.push_back(random_boolean(r, bools));
    return in;
  });
}
