-- wrk script: many distinct people, each request as the next of them (never one cookie on every connection).
--   BENCH_COOKIES  a file of cookies, one person a line (none: requests carry no cookie)
--   BENCH_ONCE=1   each person asks once, then the run stops: every request is a person's first view (cold)
--   BENCH_PATHS    paths asked in turn, separated by spaces (none: the URL's path); the i-th request asks
--                  the i-th path, so a reference given the same list answers the same bytes in the same order
--   BENCH_UPLOAD_FILE  every request POSTs this image as multipart/form-data (the upload scenario)
--   BENCH_NUMBERED=1  each request's path gets "%20" and the request's number appended: a search question asked
--                  for the first time, every time
local cookies, paths = {}, {}
local file = os.getenv("BENCH_COOKIES")
if file and file ~= "" then
  for line in io.lines(file) do
    if line ~= "" then cookies[#cookies + 1] = line end
  end
end
for path in string.gmatch(os.getenv("BENCH_PATHS") or "", "%S+") do
  paths[#paths + 1] = path
end
local once = os.getenv("BENCH_ONCE") == "1"
local numbered = os.getenv("BENCH_NUMBERED") == "1"
local method, body, headers = "GET", nil, {}
local upload = os.getenv("BENCH_UPLOAD_FILE")
if upload and upload ~= "" then
  local f = assert(io.open(upload, "rb"))
  local image = f:read("*a")
  f:close()
  local boundary = "growbench7MA4YWxkTrZu0gW"
  method = "POST"
  headers["Content-Type"] = "multipart/form-data; boundary=" .. boundary
  body = "--" .. boundary .. "\r\n"
    .. "Content-Disposition: form-data; name=\"file\"; filename=\"photo.png\"\r\n"
    .. "Content-Type: image/png\r\n\r\n"
    .. image .. "\r\n--" .. boundary .. "--\r\n"
end

local sent = 0
request = function()
  sent = sent + 1
  if once and sent > #cookies then
    -- Everyone has had their first view; what is still in flight completes.
    wrk.thread:stop()
  end
  if #cookies > 0 then
    headers["Cookie"] = cookies[(sent - 1) % #cookies + 1]
  end
  local path = nil
  if #paths > 0 then
    path = paths[(sent - 1) % #paths + 1]
  end
  if numbered then
    path = (path or wrk.path) .. "%20" .. sent
  end
  return wrk.format(method, path, headers, body)
end
