export type { PercentColor } from './numbers';
export {
  formatCompactKwh,
  formatCompactMoney,
  formatKwh,
  formatMoney,
  formatPercent,
  percentColor,
} from './numbers';
