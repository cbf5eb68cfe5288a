export { withCrossCheck, type CrossCheckOptions } from './service.js'
export { crossCheck, defaultCrossCheckLimits, type CrossCheckedOperation, type CrossCheckLimits } from './cross-check.js'
export { ripgrepExecutable } from './search/ripgrep.js'
