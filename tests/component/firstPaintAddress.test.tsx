import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BrowserRouter } from 'react-router-dom';
import { openAddress } from '../../resources/bookings/calendar/firstPaintHandoff';
import { LocationProbe } from './helpers';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('a click on the calendar first paint while the console renders beneath it', () => {
  it('reaches the console router that is already listening, which then shows the booking address', () => {
    window.history.replaceState(null, '', '/m/accommodation/1');
    render(
      <BrowserRouter>
        <LocationProbe />
      </BrowserRouter>,
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/m/accommodation/1');
    act(() => openAddress('/m/accommodation/1/book/42'));
    expect(screen.getByTestId('location')).toHaveTextContent('/m/accommodation/1/book/42');
    expect(window.location.pathname).toBe('/m/accommodation/1/book/42');
  });
});
