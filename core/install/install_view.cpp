#include "install/install_view.h"

namespace fbclens::install {

Json install_preview_json(const InstallPreview& preview) {
  Json out = view::write_json(preview);
  if (!preview.with_bundle) {
    for (const char* key : {"operatorGroups", "console", "consoleError"}) out.erase(key);
  }
  return out;
}

}  // namespace fbclens::install
