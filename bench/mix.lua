-- wrk script: GETs the paths of BENCH_MIX_PATHS (separated by spaces) in turn, one per request.
local paths = {}
for path in string.gmatch(os.getenv("BENCH_MIX_PATHS"), "%S+") do
  paths[#paths + 1] = path
end
local next_one = 0
request = function()
  next_one = next_one % #paths + 1
  return wrk.format("GET", paths[next_one])
end
