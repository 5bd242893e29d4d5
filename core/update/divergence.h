// Where OLM Classic and OLM v1 disagree: for each channel of a package and each bundle of it as
// the installed one, both OLMs' next step and full walk (issue 4 §4). A subscription/extension
// is taken to follow that one channel (Classic spec.channel = it; v1 channels = [it]).
#pragma once

#include <string>
#include <vector>

#include "update/classic.h"
#include "update/olm_v1.h"

namespace fbclens::update {

struct DivergenceRow {
  std::string channel;
  std::string installed;               ///< bundle name
  std::string installed_version;
  std::string classic_next;            ///< "" = stays
  std::string classic_error;
  std::vector<std::string> classic_walk;
  std::string v1_next;                 ///< "" = stays or error
  std::string v1_error;
  std::vector<std::string> v1_walk;
  bool differs = false;                ///< the next steps or the walks' ends differ
  bool classic_stranded = false;       ///< Classic's walk ends before the channel head
};

struct DivergenceReport {
  std::string package;
  std::string default_channel;      ///< the package's default channel ("" = unset)
  std::vector<DivergenceRow> rows;  ///< channel order, then entry order
  std::size_t differing = 0, stranded = 0;
};

/// Computes the report for one package graph. Walks always terminate (visited sets).
DivergenceReport divergence(const PackageGraph& graph);

}  // namespace fbclens::update
