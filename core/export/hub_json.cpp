#include "export/hub_json.h"

namespace fbclens {

namespace {

Json text_or_null(const std::optional<std::string>& s) { return s ? Json(*s) : Json(nullptr); }

Json badge_json(const std::optional<hub::Badge>& b) {
  return b ? Json{{"text", b->text}, {"tooltip", b->tooltip}} : Json(nullptr);
}

Json lifecycle_json(const hub::LifecyclePreview& l) {
  Json phases = Json::array();
  for (const hub::LifecyclePhase& p : l.phases) {
    phases.push_back(Json{{"name", p.name}, {"startDate", p.start_date}, {"endDate", p.end_date}});
  }
  return Json{{"objects", l.objects},
              {"installedVersion", l.installed_version},
              {"clusterVersion", l.cluster_version},
              {"date", text_or_null(l.date)},
              {"stream", text_or_null(l.stream)},
              {"compatibility", {{"status", l.compatibility}, {"text", l.compatibility_text}}},
              {"supportPhase",
               {{"status", text_or_null(l.support)},
                {"text", text_or_null(l.support_text)},
                {"endDate", text_or_null(l.support_end_date)},
                {"phases", std::move(phases)}}}};
}

}  // namespace

Json hub_preview_json(const hub::HubPreview& p) {
  Json tile = nullptr;
  if (p.tile) tile = Json{{"title", p.tile->title}, {"provider", text_or_null(p.tile->provider)}, {"deprecatedBadge", badge_json(p.tile->deprecated_badge)},
                     {"icon", p.tile->icon ? Json{{"mediatype", p.tile->icon->media_type}, {"base64data", p.tile->icon->base64_data}} : Json()}};
  Json details = nullptr;
  if (p.details) {
    Json alert = nullptr;
    if (p.details->alert) alert = Json{{"title", p.details->alert->title}, {"messages", p.details->alert->messages}};
    details = Json{{"title", p.details->title}, {"deprecatedBadge", badge_json(p.details->deprecated_badge)}, {"alert", alert}};
  }
  Json channels = Json::array();
  for (const hub::ChannelOption& c : p.channels) {
    channels.push_back(Json{{"name", c.name}, {"deprecated", c.deprecated}, {"tooltip", text_or_null(c.tooltip)}});
  }
  Json versions = Json::array();
  for (const hub::VersionOption& v : p.versions) {
    versions.push_back(Json{{"bundle", v.bundle}, {"version", v.version}, {"deprecated", v.deprecated}, {"tooltip", text_or_null(v.tooltip)}});
  }
  Json out{{"package", p.package},
           {"console", p.console},
           {"visible", p.visible},
           {"hiddenReasons", p.hidden_reasons},
           {"tile", tile},
           {"details", details},
           {"channels", channels},
           {"selectedChannel", text_or_null(p.selected_channel)},
           {"versions", versions},
           {"selectedVersion", text_or_null(p.selected_version)},
           {"installNote", text_or_null(p.install_note)}};
  if (p.lifecycle) out["lifecycle"] = lifecycle_json(*p.lifecycle);
  return out;
}

}  // namespace fbclens
