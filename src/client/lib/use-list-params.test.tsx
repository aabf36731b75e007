// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderScreen } from '../test/render'
import { useListParams, type FilterParam } from './use-list-params'

const filters: { colour: FilterParam<'any' | 'red' | 'green'> } = {
  colour: { read: (value) => (value === 'red' || value === 'green' ? value : 'any'), none: 'any' },
}

function Controls() {
  const { query, update } = useListParams(filters)
  return (
    <>
      <p>
        {query.colour}, page {query.page}
      </p>
      <button onClick={() => update({ page: query.page + 1 })}>Next page</button>
      <button onClick={() => update({ page: 1 })}>First page</button>
      <button onClick={() => update({ colour: 'green' })}>Green</button>
      <button onClick={() => update({ colour: 'any' })}>Any colour</button>
    </>
  )
}

const currentUrl = () => screen.getByRole('status', { name: 'Current URL' }).textContent

describe('useListParams', () => {
  it('reads the filter and the page from the URL', () => {
    renderScreen(<Controls />, { url: '/list?colour=red&page=3' })
    expect(screen.getByText('red, page 3')).toBeTruthy()
  })

  it('falls back to no filter and the first page for values it does not know', () => {
    renderScreen(<Controls />, { url: '/list?colour=blue&page=0' })
    expect(screen.getByText('any, page 1')).toBeTruthy()
  })

  it('keeps page 1 and "no filter" out of the URL, and a new filter starts on the first page', async () => {
    const user = userEvent.setup()
    renderScreen(<Controls />, { url: '/list?colour=red' })

    await user.click(screen.getByRole('button', { name: 'Next page' }))
    expect(currentUrl()).toBe('/list?colour=red&page=2')
    await user.click(screen.getByRole('button', { name: 'Green' }))
    expect(currentUrl()).toBe('/list?colour=green')
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await user.click(screen.getByRole('button', { name: 'First page' }))
    expect(currentUrl()).toBe('/list?colour=green')
    await user.click(screen.getByRole('button', { name: 'Any colour' }))
    expect(currentUrl()).toBe('/list')
  })
})
