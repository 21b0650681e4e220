import { IdGenerator } from '../ports/id-generator.port';

export class SequentialIdGenerator extends IdGenerator {
  private n = 0;
  constructor(private readonly prefix = 'id') {
    super();
  }
  next(): string {
    this.n += 1;
    return `${this.prefix}-${this.n}`;
  }
}
