import { BadRequestException } from '@nestjs/common';
import { escapeLike, parseListQuery, setContentRange, type ListSpec } from './list-query';

const spec: ListSpec<{ id: number }> = {
  resource: 'things',
  sortable: { id: 't.id', title: 't.title' },
  defaultSort: ['id', 'ASC'],
  filters: {
    id: { kind: { type: 'int' }, column: 't.id' },
    published: { kind: { type: 'boolean' }, column: 't.published' },
    status: { kind: { type: 'enum', values: ['A', 'B'] }, column: 't.status' },
  },
  maxPageSize: 100,
};

describe('list query parsing', () => {
  it('reads sort, range and filter', () => {
    const q = parseListQuery({ sort: '["title","desc"]', range: '[10,19]', filter: '{"id":[1,"2"],"published":true}' }, spec);
    expect(q).toEqual({ sort: { field: 'title', column: 't.title', order: 'DESC' }, range: { start: 10, end: 19 }, filter: { id: [1, 2], published: true } });
  });

  it('uses the default sort and the first page when nothing is given', () => {
    expect(parseListQuery({}, spec)).toMatchObject({ sort: { field: 'id', order: 'ASC' }, range: { start: 0, end: 24 }, filter: {} });
  });

  it.each([
    [{ sort: '["password","ASC"]' }, /Cannot sort things by "password"/],
    [{ sort: '["title","SIDEWAYS"]' }, /ASC or DESC/],
    [{ sort: '["__proto__","ASC"]' }, /Cannot sort/],
    [{ range: '[0,1000]' }, /At most 100/],
    [{ range: '[-1,5]' }, /range/],
    [{ filter: '{"secret":1}' }, /Cannot filter things by "secret"/],
    [{ filter: '{"toString":1}' }, /Cannot filter/],
    [{ filter: '{"status":"C"}' }, /one of A, B/],
    [{ filter: '[1]' }, /JSON object/],
    [{ filter: '{' }, /not valid JSON/],
    [{ sort: ['["id","ASC"]', '["id","ASC"]'] }, /once/],
  ])('refuses %j', (raw, message) => {
    expect(() => parseListQuery(raw, spec)).toThrow(BadRequestException);
    expect(() => parseListQuery(raw, spec)).toThrow(message);
  });

  it('writes Content-Range as react-admin reads it', () => {
    const headers: Record<string, string> = {};
    const res = { header: (k: string, v: string) => (headers[k] = v) };
    setContentRange(res, 'things', 0, 25, 319);
    expect(headers['Content-Range']).toBe('things 0-24/319');
    setContentRange(res, 'things', 0, 0, 0);
    expect(headers['Content-Range']).toBe('things */0');
  });
});

describe('escapeLike', () => {
  it('makes a LIKE pattern match the text literally: %, _ and \\ lose their meaning', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(escapeLike('plain text')).toBe('plain text');
  });
});
