# The graph canvas (Emscripten): Dear ImGui + its OpenGL3 backend (input: web/canvas/shell.cpp) + web/canvas/.
# Output: dist/fbclens-app.{js,wasm}; then the page bundled beside them (web/build.mjs).
set(IMGUI_SOURCES ${IMGUI_DIR}/imgui.cpp ${IMGUI_DIR}/imgui_draw.cpp ${IMGUI_DIR}/imgui_tables.cpp
    ${IMGUI_DIR}/imgui_widgets.cpp ${IMGUI_DIR}/backends/imgui_impl_opengl3.cpp)
add_library(fbclens_imgui STATIC ${IMGUI_SOURCES})
target_include_directories(fbclens_imgui SYSTEM PUBLIC ${IMGUI_DIR} ${IMGUI_DIR}/backends)
target_compile_definitions(fbclens_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3 IMGUI_DISABLE_OBSOLETE_FUNCTIONS IMGUI_DISABLE_DEMO_WINDOWS)
target_compile_options(fbclens_imgui PRIVATE -Os -w)

file(GLOB FBCLENS_SHADER_FILES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/shaders/*.vert ${CMAKE_SOURCE_DIR}/shaders/*.frag)
list(JOIN FBCLENS_SHADER_FILES "|" FBCLENS_SHADER_ARG)
add_custom_command(
  OUTPUT ${FBCLENS_GENERATED}/shaders_embedded.h
  COMMAND ${CMAKE_COMMAND} -DOUT=${FBCLENS_GENERATED}/shaders_embedded.h "-DSHADERS=${FBCLENS_SHADER_ARG}"
          -P ${CMAKE_SOURCE_DIR}/cmake/embed_shaders.cmake
  DEPENDS ${FBCLENS_SHADER_FILES} ${CMAKE_SOURCE_DIR}/cmake/embed_shaders.cmake
  COMMENT "Embedding shaders" VERBATIM)

file(GLOB FBCLENS_WEB_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/web/canvas/*.cpp)
add_executable(fbclens_app ${FBCLENS_WEB_SOURCES} ${FBCLENS_GENERATED}/shaders_embedded.h)
target_include_directories(fbclens_app PRIVATE ${FBCLENS_GENERATED} ${CMAKE_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/web/canvas)
target_link_libraries(fbclens_app PRIVATE fbclens_core fbclens_imgui)
target_compile_options(fbclens_app PRIVATE -Os)
target_link_options(fbclens_app PRIVATE
  -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2 -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB
  -sTOTAL_STACK=8MB -sMODULARIZE=1 -sEXPORT_NAME=createFbclensApp -sENVIRONMENT=web
  -sEXPORTED_FUNCTIONS=_main,_malloc,_free,_fbclens_app_status,_fbclens_app_show,_fbclens_app_set_routes,_fbclens_app_set_changes,_fbclens_app_set_install_risks,_fbclens_app_graph_stats,_fbclens_app_new_catalog,_fbclens_app_fit,_fbclens_app_receive,_fbclens_app_set_theme,_fbclens_app_stop,_fbclens_input_mouse_pos,_fbclens_input_mouse_button,_fbclens_input_wheel,_fbclens_input_key,_fbclens_input_char,_fbclens_input_focus,_fbclens_shell_resized
  -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8 -sMINIFY_HTML=0)
set_target_properties(fbclens_app PROPERTIES OUTPUT_NAME fbclens-app RUNTIME_OUTPUT_DIRECTORY ${FBCLENS_DIST})

# The worker's files (classic scripts: a worker imports them with importScripts) beside the module.
# The module is copied when it is linked; the scripts whenever they change (as a step of their own:
# a change to them alone relinks nothing).
set(FBCLENS_WORKER_FILES ${CMAKE_SOURCE_DIR}/wasm/fbclens-api.js ${CMAKE_SOURCE_DIR}/wasm/fbclens-worker.js
    ${CMAKE_SOURCE_DIR}/wasm/fbclens-warm-up.js)  # the last only for the app's workers
add_custom_command(TARGET fbclens_core_module POST_BUILD
  COMMAND ${CMAKE_COMMAND} -E make_directory ${FBCLENS_DIST}
  COMMAND ${CMAKE_COMMAND} -E copy_if_different $<TARGET_FILE_DIR:fbclens_core_module>/fbclens-core.js
          $<TARGET_FILE_DIR:fbclens_core_module>/fbclens-core.wasm ${FBCLENS_DIST}/
  COMMENT "Copying the worker's core module into dist/")
add_custom_command(
  OUTPUT ${FBCLENS_DIST}/fbclens-api.js ${FBCLENS_DIST}/fbclens-worker.js ${FBCLENS_DIST}/fbclens-warm-up.js
  COMMAND ${CMAKE_COMMAND} -E make_directory ${FBCLENS_DIST}
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${FBCLENS_WORKER_FILES} ${FBCLENS_DIST}/
  DEPENDS ${FBCLENS_WORKER_FILES}
  COMMENT "Copying the worker's scripts into dist/" VERBATIM)
add_custom_target(fbclens_worker_scripts ALL DEPENDS ${FBCLENS_DIST}/fbclens-api.js ${FBCLENS_DIST}/fbclens-worker.js
                  ${FBCLENS_DIST}/fbclens-warm-up.js)
add_dependencies(fbclens_app fbclens_core_module fbclens_worker_scripts)

# The page: web/'s ES modules bundled by esbuild (web/build.mjs) into dist/fbclens-page.js and
# dist/fbc-lens.js (which states the size of what an element loads), with index.html and the docs
# example page. After both wasm modules, whose sizes the element states.
file(GLOB_RECURSE FBCLENS_PAGE_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/web/*.js ${CMAKE_SOURCE_DIR}/web/*.css
     ${CMAKE_SOURCE_DIR}/web/*.html ${CMAKE_SOURCE_DIR}/web/*.mjs)
add_custom_command(
  OUTPUT ${FBCLENS_DIST}/fbclens-page.js ${FBCLENS_DIST}/fbc-lens.js
  COMMAND node ${CMAKE_SOURCE_DIR}/web/build.mjs --dist ${FBCLENS_DIST}
  DEPENDS ${FBCLENS_PAGE_SOURCES} ${CMAKE_SOURCE_DIR}/index.html ${CMAKE_SOURCE_DIR}/wasm/fbclens-client.js
          ${FBCLENS_DIST}/fbclens-api.js ${FBCLENS_DIST}/fbclens-worker.js fbclens_app fbclens_core_module
  WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
  COMMENT "Bundling the page (esbuild)" VERBATIM)
add_custom_target(fbclens_page ALL DEPENDS ${FBCLENS_DIST}/fbclens-page.js ${FBCLENS_DIST}/fbc-lens.js)
