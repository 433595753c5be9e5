import { describe, expect, it } from 'vitest';
import { readZip } from '../helpers/zip';

// Made with Info-ZIP: `zip -X fix.zip a.txt` (deflated) and `zip -X -0 fix.zip ar.lproj/pass.strings` (stored).
const FIXTURE =
  'UEsDBBQAAAAIAPFYel3zoF3HDAAAACQAAAAFAAAAYS50eHTLSM3JyVfIwEdyAQBQSwMECgAAAAAA8Vh6XTVVJNgXAAAAFwAAABUAAABhci5scHJvai9wYXNzLnN0cmluZ3MibmFtZSIgPSAi2KfZhNin2LPZhSI7ClBLAQIeAxQAAAAIAPFYel3zoF3HDAAAACQAAAAFAAAAAAAAAAEAAACkgQAAAABhLnR4dFBLAQIeAwoAAAAAAPFYel01VSTYFwAAABcAAAAVAAAAAAAAAAAAAACkgS8AAABhci5scHJvai9wYXNzLnN0cmluZ3NQSwUGAAAAAAIAAgB2AAAAeQAAAAAA';

describe('test ZIP reader', () => {
  it('reads deflated and stored entries of an Info-ZIP archive', () => {
    const files = readZip(Buffer.from(FIXTURE, 'base64'));
    expect([...files.keys()]).toEqual(['a.txt', 'ar.lproj/pass.strings']);
    expect(files.get('a.txt')?.toString()).toBe('hello hello hello hello hello hello\n');
    expect(files.get('ar.lproj/pass.strings')?.toString()).toBe('"name" = "الاسم";\n');
  });

  it('refuses a damaged entry and something that is not a ZIP', () => {
    const damaged = Buffer.from(FIXTURE, 'base64');
    damaged[damaged.indexOf('"name"') + 1] ^= 0xff;
    expect(() => readZip(damaged)).toThrow(/CRC-32/);
    expect(() => readZip(Buffer.from('not a zip'))).toThrow(/not a ZIP/);
  });
});
