/** The WHERE of a filtered query, built clause by clause with numbered parameters. */
export class Conditions {
  readonly sql: string[] = [];
  constructor(readonly values: unknown[] = []) {}

  /** The placeholder of a new parameter, for a clause that needs more than one value. */
  param(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  add(sql: (placeholder: string) => string, value: unknown) {
    this.sql.push(sql(this.param(value)));
  }

  addRaw(sql: string) {
    this.sql.push(sql);
  }

  where() {
    return this.sql.length > 0 ? `WHERE ${this.sql.join(' AND ')}` : '';
  }
}
