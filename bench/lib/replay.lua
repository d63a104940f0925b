-- wrk's request script for the benchmarks: replays a recorded mix's request paths (one per line in the file named
-- by WRK_PATHS, built by the same requestPath as autocannon and k6) in order, cycling, with the headers a browser
-- sends; at the end prints one line `WRK_JSON {...}` with the counts, the latency percentiles (microseconds) and
-- the CPU seconds wrk itself used (os.clock(): the whole process, so run it with one thread per core measured).
-- WRK_PIPELINE > 1 sends that many requests at once on each connection (HTTP/1.1 pipelining, the next paths of the
-- list): the server answers each in turn, wrk counts every answer but times the batch, and its own CPU per request
-- falls well below a bare server's, so the server is measured rather than wrk.
local paths = {}
local n = 0
local i = 0
local depth = tonumber(os.getenv("WRK_PIPELINE") or "1")
local headers = { ["Accept-Encoding"] = os.getenv("WRK_ACCEPT_ENCODING") or "gzip" }

for line in io.lines(os.getenv("WRK_PATHS")) do
  n = n + 1
  paths[n] = line
end

request = function()
  if depth == 1 then
    i = i + 1
    return wrk.format("GET", paths[(i - 1) % n + 1], headers)
  end
  local batch = {}
  for k = 1, depth do
    i = i + 1
    batch[k] = wrk.format("GET", paths[(i - 1) % n + 1], headers)
  end
  return table.concat(batch)
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"durationUs":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,' ..
    '"p50":%d,"p90":%d,"p99":%d,"p999":%d,"max":%d,"mean":%.1f,"cpuSeconds":%.3f,"paths":%d,"pipeline":%d}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency:percentile(99.9), latency.max,
    latency.mean, os.clock(), n, depth))
end
