import { uploadProblem } from './upload-problem';

const limits = {
  maxBytes: 1024 * 1024,
  types: [
    { mime: 'image/png', ext: 'png', label: 'PNG' },
    { mime: 'application/pdf', ext: 'pdf', label: 'PDF' },
  ],
};
const translate = (key: string, options?: Record<string, unknown>) => `${key} ${JSON.stringify(options ?? {})}`;
const file = (size: number, type: string, name = 'f') => new File([new Uint8Array(size)], name, { type });

describe('uploadProblem', () => {
  it('lets through a file within the size limit of an accepted type', () => {
    expect(uploadProblem(file(1024 * 1024, 'image/png'), limits, 'en', translate)).toBeNull();
  });

  it('refuses a file one byte over the limit, naming the limit', () => {
    const problem = uploadProblem(file(1024 * 1024 + 1, 'image/png', 'big.png'), limits, 'en', translate);
    expect(problem).toContain('cms.medias.too_large');
    expect(problem).toContain('big.png');
  });

  it('refuses a type the server does not take, listing those it does', () => {
    const problem = uploadProblem(file(10, 'text/plain', 'notes.txt'), limits, 'en', translate);
    expect(problem).toContain('cms.medias.bad_type');
    expect(problem).toContain('PNG, PDF');
  });

  it('leaves a file the browser cannot name to the server, which sniffs the bytes', () => {
    expect(uploadProblem(file(10, ''), limits, 'en', translate)).toBeNull();
  });

  it('checks nothing before the limits are known', () => {
    expect(uploadProblem(file(10 * 1024 * 1024, 'text/plain'), undefined, 'en', translate)).toBeNull();
  });
});
