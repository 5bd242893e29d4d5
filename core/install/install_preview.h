// The install preview: for the bundles of a catalog (or of one package, or one bundle), what
// installing them takes (install_modes.h, provided_apis.h, olm_v1_install.h), which upgrade steps
// break existing installs, which APIs two packages own, and, for one bundle, the OperatorGroup
// shapes it can join and the console's install page (console_install.h). Model in, data out.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "hub/hub_preview.h"
#include "install/install_view.h"
#include "model/model.h"

namespace fbclens::install {

/// What to preview: every bundle of every package (package ""), one package, or one bundle of it.
struct PreviewRequest {
  std::string package;                      ///< "" = all packages
  std::string bundle;                       ///< "" = all bundles of the package; needs a package
  /// The console whose install page to show (with a bundle): a hub/consoles.h row's name. The page
  /// was read in the console for 4.16 … 4.21; 4.22 and 5.0 are taken to show it as 4.21 does.
  std::string console = hub::kDefaultConsole;
};

/// One upgrade edge of a channel, as the graph draws it (core/layout): from an entry of the channel
/// to the entry whose replaces, skips or skipRange names it; several kinds between one pair are one edge.
struct ChannelEdge {
  std::string channel;
  std::string from;
  std::string to;
  std::vector<std::string> via;  ///< "replaces", "skips", "skipRange", in that order
  bool classic = false;          ///< OLM Classic can take it (`to` is in its channel order)
};

/// The edges of every channel of `pkg`, channels in file order, each channel's in entry order.
std::vector<ChannelEdge> channel_edges(const model::Package& pkg);

/// The edges of `pkg` whose target drops install modes its source supports (upgradeRisks).
std::vector<UpgradeRiskView> upgrade_risks(const model::Package& pkg);

/// The view of one bundle (bundles[]).
BundleInstallView bundle_install_view(const model::Package& pkg, const model::PackageBundle& bundle);

/// Builds the preview. Errors (nullopt, `error` says why): an unknown package or bundle, a bundle
/// without a package, a console outside 4.16–4.21. That the console offers no page for the bundle
/// is no error (console unset, console_error says why).
std::optional<InstallPreview> install_preview(const model::Model& model, const PreviewRequest& request, std::string& error);

}  // namespace fbclens::install
