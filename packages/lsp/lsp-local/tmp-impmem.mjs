import v8 from 'node:v8'
for (const x of process.argv.slice(2)) await import(x)
gc(); gc()
const { rss, heapUsed } = process.memoryUsage()
console.log(process.argv.slice(2).join(','), (rss/1048576).toFixed(1), (heapUsed/1048576).toFixed(1))
