# Writes the <fbc-lens> script (web/fbc-lens.js) into dist/ with the size of what an element loads
# written into its placeholder text. Run by cmake/app.cmake: cmake -DIN= -DOUT= -DDIST= -P this.
set(total 0)
foreach(name fbclens-api.js fbclens-client.js fbclens-app.js fbclens-app.wasm catalog-source.js simulator.js page.js
             fbclens-worker.js fbclens-core.js fbclens-core.wasm)
  file(SIZE ${DIST}/${name} size)
  math(EXPR total "${total} + ${size}")
endforeach()
file(READ ${IN} text)
string(REPLACE "__FBCLENS_EMBED_BYTES__" "${total}" text "${text}")
file(WRITE ${OUT} "${text}")
