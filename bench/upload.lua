-- wrk script: every request uploads one image as multipart/form-data (the file at BENCH_UPLOAD_FILE).
local file = assert(io.open(os.getenv("BENCH_UPLOAD_FILE"), "rb"))
local image = file:read("*a")
file:close()
local boundary = "growbench7MA4YWxkTrZu0gW"
wrk.method = "POST"
wrk.headers["Content-Type"] = "multipart/form-data; boundary=" .. boundary
wrk.body = "--" .. boundary .. "\r\n"
  .. "Content-Disposition: form-data; name=\"file\"; filename=\"photo.png\"\r\n"
  .. "Content-Type: image/png\r\n\r\n"
  .. image .. "\r\n--" .. boundary .. "--\r\n"
