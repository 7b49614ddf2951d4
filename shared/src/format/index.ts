export type { PercentColor } from './numbers';
export { formatKwh, formatMoney, formatPercent, percentColor } from './numbers';
