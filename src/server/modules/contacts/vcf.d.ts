/** The parts of the `vcf` package (no types of its own) the contact book uses. */
declare module 'vcf' {
  class VCard {
    version: string;
    data: Record<string, unknown>;
    set(key: string, value: string, params?: Record<string, string | string[]>): this;
    add(key: string, value: string, params?: Record<string, string | string[]>): this;
    toString(version?: '2.1' | '3.0' | '4.0', charset?: string): string;
    static parse(text: string): VCard[];
  }
  export default VCard;
}
