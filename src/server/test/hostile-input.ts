import fc from 'fast-check'

/**
 * fast-check arbitraries for hostile input. Every value here is invalid for every field of every
 * route (no schema accepts it; a list of short strings as `moduleIds` passes the schema and is
 * refused by the service, since it cannot name every module of the draft), so a request made of
 * them must be refused: the bad-input suite relies on that to expect a 4xx and an unchanged database.
 */

/** Strings no text field accepts: NUL, unpaired surrogates, or far longer than any field's limit. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'Ada\u0000Lovelace',
    'a@b.co\u0000',
    '\uD800',
    'name\uDC00',
    '\uDBFF\uD800',
    'x'.repeat(5_000),
    '😀'.repeat(3_000),
  ),
  fc.tuple(fc.string({ unit: 'grapheme', maxLength: 20 }), fc.constantFrom('\u0000', '\uD83D', '\uDE00')).map(([s, bad]) => s + bad + s),
  fc
    .string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 4 })
    // No whitespace: a trimmed run of spaces is an empty, valid, name.
    .filter((s) => /^\S+$/.test(s))
    .map((s) => s.repeat(Math.ceil(1_100 / s.length))),
)

/** Values of the wrong kind for any field: no field takes an object or an array. */
const wrongKind: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom({}, [], [null], { $gt: '' }, { toString: 'x' }, [[[[[]]]]]),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
)

/** A value for a field that no schema accepts. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(hostileText, wrongKind)

/** Every body field name the portal's routes know, so hostile values land on fields that are read. */
export const FIELD_NAMES = [
  'email',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'fullName',
  'role',
  'temporaryPassword',
  'sendLoginDetails',
  'completed',
  'event',
  'orderId',
  'name',
  'mustChangePassword',
  'id',
  'userId',
  'title',
  'note',
  'module',
  'moduleId',
  'moduleIds',
  'baseRevision',
] as const

/** Texts that parse as JSON but are built to trip a parser or a schema. */
const trickyJsonTexts = [
  'null',
  'true',
  '0',
  '-0',
  '1e309',
  '-1e309',
  '"NaN"',
  '"Infinity"',
  '"-0"',
  '"1e309"',
  '[]',
  '[{"email":"a@b.co"}]',
  '"\\u0000"',
  '"\\ud800"',
  '{"__proto__":{"role":"admin","completed":true}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '{"prototype":{"mustChangePassword":false}}',
  '{"__proto__":null,"constructor":null,"prototype":null,"toString":1,"valueOf":2,"hasOwnProperty":3}',
  '{"email":1e309,"password":-0,"completed":"true","role":["admin"]}',
  '{"completed":1}',
  '{"completed":"false"}',
  '{"completed":null}',
  '{"completed":true,"__proto__":{"completed":true},"extra":1}',
  '{"email":"a@b.co","email":"\\u0000"}',
]

/** Texts that are not JSON at all. */
const notJsonTexts = [
  '',
  ' ',
  '{',
  '{"email":',
  "{'email':'a@b.co'}",
  'email=a@b.co&password=x',
  '<xml/>',
  'NaN',
  'undefined',
  '\u0000',
  '\uFEFF{}',
  '{"a":1}{"a":2}',
  '[1,]',
]

const deepNesting = fc.integer({ min: 500, max: 4_000 }).chain((depth) =>
  fc.constantFrom(
    '['.repeat(depth) + ']'.repeat(depth),
    '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
    '{"email":' + '['.repeat(depth) + ']'.repeat(depth) + '}',
  ),
)

/** A body object of known field names, each with a hostile value (maybe nested in prototype keys). */
const hostileObject = fc
  .tuple(
    fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { minKeys: 1, maxKeys: 5 }),
    fc.constantFrom('', '__proto__', 'constructor', 'prototype'),
  )
  .map(([fields, wrapper]) => {
    const json = JSON.stringify(fields)
    // JSON.parse makes "__proto__" an own key, as a request body would have it.
    return wrapper ? `{"${wrapper}":${json},"role":"superuser"}` : json
  })

/** Whatever hostile body text a client could send to a JSON route. */
export const hostileJsonBody: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: hostileObject, weight: 5 },
  { arbitrary: fc.constantFrom(...trickyJsonTexts), weight: 3 },
  { arbitrary: fc.constantFrom(...notJsonTexts), weight: 2 },
  { arbitrary: deepNesting, weight: 1 },
  { arbitrary: fc.array(hostileValue, { maxLength: 4 }).map((values) => JSON.stringify(values)), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 1 },
)

/** Content types a JSON route might be sent, most of them wrong. */
export const contentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  undefined,
)

/**
 * A path parameter no route accepts: each holds at least one character outside the ids' and module
 * numbers' alphabets (letters, digits, - and _), or is longer than any id.
 */
export const hostileParam: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '1.5',
    '1e0',
    ' 1',
    '-1',
    '+1',
    '0x1',
    '1e309',
    'NaN',
    '%00',
    '\u0000',
    '..',
    '../admin',
    "1' OR '1'='1",
    '__proto__.x',
    '😀',
    '\uD800',
    'ａ',
    'x'.repeat(65),
  ),
  fc
    .tuple(fc.string({ unit: 'grapheme', maxLength: 10 }), fc.constantFrom('.', ' ', '%', '/', '\u0000', '\u00e9', '\uDC00', '?', '#'))
    .map(([s, odd]) => s + odd),
)

/** Query-string values for page, search and filters: out of range, not numbers, huge, odd Unicode. */
export const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('-1', '0', '1e9', '1000000000', '99999999999999999999', '1.5', '1e309', 'NaN', '-0', '', ' ', '%', '\u0000'),
  fc.constantFrom('x'.repeat(300), '😀'.repeat(300), 'é'.repeat(20_000), '\uD800abc', 'a\u0000b', '%_\\'),
  fc.string({ unit: 'binary', maxLength: 40 }),
)

export const QUERY_KEYS = ['page', 'search', 'status', 'mode', 'sendLoginDetails', 'limit', 'offset', '__proto__', 'constructor'] as const

/** A CSV cell nobody should be imported with. */
const hostileCell: fc.Arbitrary<string> = fc.oneof(
  hostileText,
  fc.constantFrom('=HYPERLINK("x")', '"', '""', '\r', 'a,b', '\u2028', 'admin\u0000', 'ADMIN ', 'root'),
)

/**
 * A full name no schema accepts once it has crossed the wire as raw text (a lone surrogate there
 * arrives as U+FFFD, a valid character): with NUL, or too long.
 */
const hostileCsvName = hostileText.filter((name) => name.includes('\u0000') || Array.from(name.trim()).length > 100)

/**
 * A CSV file for the bulk import: the right header (mostly) and rows whose full name is always
 * one no schema accepts, so no row may be created, whatever the e-mail.
 */
export const hostileCsv: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('email,full_name,role', 'email,full_name,role', '\uFEFFemail,full_name,role', 'email,full_name', 'e\u0000mail,full_name,role'),
      fc.array(
        fc.tuple(
          fc.oneof(fc.constantFrom('new.learner@example.com', 'NEW.LEARNER@example.com '), hostileCell),
          hostileCsvName,
          fc.oneof(fc.constantFrom('user', 'admin', ''), hostileCell),
        ),
        { minLength: 1, maxLength: 6 },
      ),
      fc.constantFrom('\r\n', '\n', '\r'),
    )
    .map(([header, rows, eol]) =>
      [header, ...rows.map((cells) => cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(','))].join(eol),
    ),
  fc.constantFrom('', '\u0000', '"unterminated', 'email,full_name,role\n"a@b.co,"x', 'email,full_name,role\r\n' + ',,,,,,\r\n'.repeat(50)),
  fc.string({ unit: 'binary', maxLength: 200 }),
)
