// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toPage, type PageInfo } from '../../../shared/paging'
import { findToast, json, mockApi, renderScreen, type ApiRequest } from '../../test/render'
import { useAdminQuery } from '../../lib/use-admin-query'
import { useListParams } from '../../lib/use-list-params'
import { Card, CardTitle } from '../ui/card'
import { ListEmpty } from './list-states'
import { PagedList } from './paged-list'

type Fruit = { id: number; name: string }
type FruitPage = PageInfo & { fruits: Fruit[] }

const PAGE_SIZE = 2
const fruits = ['Apple', 'Banana', 'Cherry', 'Damson', 'Elderberry'].map((name, index) => ({ id: index + 1, name }))

/** The API's answer for a list of `all`, at the page the request asks for. */
function fruitPage(request: ApiRequest, all: Fruit[] = fruits): Response {
  const page = Number(request.url.searchParams.get('page') ?? '1')
  const rows = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
  return json({ ...toPage(all.length, page, PAGE_SIZE), fruits: rows })
}

/** A list as the admin panel builds one: its page in the URL, its query, the block. */
function FruitList() {
  const heading = useRef<HTMLHeadingElement>(null)
  const { query, update } = useListParams()
  const list = useAdminQuery<FruitPage>(['fruits', query.page], `/api/fruits?page=${query.page}`)
  return (
    <Card>
      <CardTitle ref={heading} tabIndex={-1}>
        Fruits
      </CardTitle>
      <PagedList
        list={list}
        rows={(data) => data.fruits}
        text={{ loading: 'Loading fruits', failed: 'Failed to load fruits', pages: 'Fruit pages', noun: 'fruits' }}
        empty={<ListEmpty title="No fruits yet" hint="Plant a tree." />}
        tableMinWidth={600}
        renderRows={(rows, layout) => (
          <ul aria-label={layout === 'table' ? 'Fruit table' : 'Fruit cards'}>
            {rows.map((fruit) => (
              <li key={fruit.id}>{fruit.name}</li>
            ))}
          </ul>
        )}
        onPage={(page) => update({ page })}
        heading={heading}
      />
    </Card>
  )
}

const pages = () => screen.getByRole('navigation', { name: 'Fruit pages' })
const shownFruits = async () => within(await screen.findByRole('list', { name: /^Fruit / })).getAllByRole('listitem').map((item) => item.textContent)
const currentUrl = () => screen.getByRole('status', { name: 'Current URL' }).textContent

let width = 800
beforeEach(() => {
  width = 800
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ width }) as DOMRect)
})
afterEach(() => vi.restoreAllMocks())

describe('PagedList', () => {
  it('shows a spinner until the first page arrives, then its rows and where they are in the list', async () => {
    let answer: (response: Response) => void = () => {}
    mockApi(() => new Promise((resolve) => (answer = resolve)))
    renderScreen(<FruitList />, { url: '/fruits' })

    expect(await screen.findByText('Loading fruits')).toBeTruthy()
    answer(fruitPage({ method: 'GET', url: new URL('http://localhost:3000/api/fruits?page=1'), body: undefined }))

    expect(await shownFruits()).toEqual(['Apple', 'Banana'])
    expect(screen.queryByText('Loading fruits')).toBeNull()
    expect(within(pages()).getByText('Showing 1–2 of 5 fruits')).toBeTruthy()
    expect(within(pages()).getByText('Page 1 of 3')).toBeTruthy()
    expect((within(pages()).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('renders the rows as a table where the list is wide enough, as cards where it is not', async () => {
    mockApi((request) => fruitPage(request))
    width = 400
    renderScreen(<FruitList />, { url: '/fruits' })
    expect(await screen.findByRole('list', { name: 'Fruit cards' })).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Fruit table' })).toBeNull()
  })

  it('goes to the next and the previous page, keeps the page in the URL, and moves the focus to the heading', async () => {
    const user = userEvent.setup()
    const requests = mockApi((request) => fruitPage(request))
    renderScreen(<FruitList />, { url: '/fruits' })
    expect(await shownFruits()).toEqual(['Apple', 'Banana'])

    await user.click(within(pages()).getByRole('button', { name: 'Next' }))
    await screen.findByText('Showing 3–4 of 5 fruits')
    expect(await shownFruits()).toEqual(['Cherry', 'Damson'])
    expect(currentUrl()).toBe('/fruits?page=2')
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Fruits' }))

    await user.click(within(pages()).getByRole('button', { name: 'Next' }))
    await screen.findByText('Showing 5–5 of 5 fruits')
    expect((within(pages()).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true)

    await user.click(within(pages()).getByRole('button', { name: 'Previous' }))
    await screen.findByText('Showing 3–4 of 5 fruits')
    expect(currentUrl()).toBe('/fruits?page=2')
    expect(requests.map((request) => request.url.search)).toContain('?page=3')
  })

  it('says when a page is past the last one, and Previous goes to the last page', async () => {
    const user = userEvent.setup()
    mockApi((request) => fruitPage(request))
    renderScreen(<FruitList />, { url: '/fruits?page=9' })

    expect(await screen.findByText('No fruits yet')).toBeTruthy()
    expect(within(pages()).getByText('Page 9 is past the last page')).toBeTruthy()
    expect(within(pages()).getByText('Page 9 of 3')).toBeTruthy()

    await user.click(within(pages()).getByRole('button', { name: 'Previous' }))
    expect(await shownFruits()).toEqual(['Elderberry'])
    expect(currentUrl()).toBe('/fruits?page=3')
  })

  it('shows the empty state, without pages, when the list has no rows', async () => {
    mockApi((request) => fruitPage(request, []))
    renderScreen(<FruitList />, { url: '/fruits' })

    expect(await screen.findByText('No fruits yet')).toBeTruthy()
    expect(screen.getByText('Plant a tree.')).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: 'Fruit pages' })).toBeNull()
  })

  it('says so when the list cannot load, in place and in a toast, and Try again loads it', async () => {
    const user = userEvent.setup()
    let isDown = true
    mockApi((request) => (isDown ? json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500) : fruitPage(request)))
    renderScreen(<FruitList />, { url: '/fruits' })

    expect(await screen.findByText('Failed to load fruits', { selector: 'p' })).toBeTruthy()
    expect(await findToast('Failed to load fruits')).toBeTruthy()

    isDown = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await shownFruits()).toEqual(['Apple', 'Banana'])
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  })
})
