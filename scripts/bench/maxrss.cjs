// Preloaded into every Node process of a measured command: records its peak resident memory.
const fs = require('node:fs');
process.on('exit', () => {
  if (process.env.BENCH_RSS_FILE) {
    fs.appendFileSync(process.env.BENCH_RSS_FILE, `${process.pid} ${process.resourceUsage().maxRSS}\n`);
  }
});
