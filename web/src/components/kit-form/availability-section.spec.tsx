import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Availability, defaultAvailability, LOCKED_CABINET_NOTICE } from '@bleedkits/contracts';
import { useState } from 'react';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { AvailabilitySection } from './availability-section';

const seen: Availability[] = [];

function Harness({ locationType = 'unlocked_cabinet', initial = defaultAvailability() }: { locationType?: string; initial?: Availability }) {
  const [value, setValue] = useState(initial);
  return (
    <AvailabilitySection
      value={value}
      locationType={locationType}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

function open(props: { locationType?: string; initial?: Availability } = {}) {
  mockFetch({});
  seen.length = 0;
  const user = userEvent.setup();
  renderApp(<Harness {...props} />);
  return user;
}

const legacy = () => screen.getByLabelText('Opening Hours (Legacy Format)');
const day = (name: string) => screen.getByRole('checkbox', { name });
const opens = (name: string) => screen.getByLabelText(`${name} opening time`);
const closes = (name: string) => screen.getByLabelText(`${name} closing time`);

describe('AvailabilitySection', () => {
  it('starts Monday-Friday 09:00-17:00 with the weekend closed, and says so in the legacy text', () => {
    open();
    expect(day('Monday')).toBeChecked();
    expect(opens('Monday')).toHaveValue('09:00');
    expect(closes('Friday')).toHaveValue('17:00');
    expect(day('Saturday')).not.toBeChecked();
    expect(legacy()).toHaveValue('Mon-Fri: 09:00-17:00; Closed: Sat, Sun');
    expect(legacy()).toHaveAttribute('readonly');
  });

  it('offers the times in 30-minute steps from 00:00 to 23:30', () => {
    open();
    const options = Array.from((opens('Monday') as HTMLSelectElement).options).map((o) => o.value);
    expect(options).toHaveLength(48);
    expect(options[0]).toBe('00:00');
    expect(options[1]).toBe('00:30');
    expect(options[47]).toBe('23:30');
  });

  it('turning 24/7 on opens every day 00:00-23:59; turning it off keeps the days and clears the flag', async () => {
    const user = open();
    await user.click(screen.getByRole('switch', { name: 'Available 24/7' }));
    for (const name of ['Monday', 'Wednesday', 'Saturday', 'Sunday']) {
      expect(day(name)).toBeChecked();
      expect(opens(name)).toHaveValue('00:00');
      expect(closes(name)).toHaveValue('23:59');
    }
    expect(legacy()).toHaveValue('24/7');
    expect(seen.at(-1)?.is24x7).toBe(true);

    await user.click(screen.getByRole('switch', { name: 'Available 24/7' }));
    expect(screen.getByRole('switch', { name: 'Available 24/7' })).not.toBeChecked();
    expect(seen.at(-1)?.is24x7).toBe(false);
    expect(day('Sunday')).toBeChecked();
    expect(opens('Sunday')).toHaveValue('00:00');
    expect(closes('Sunday')).toHaveValue('23:59');

    // The schedule is editable again once the flag is off.
    await user.click(day('Sunday'));
    expect(legacy()).toHaveValue('Mon-Sat: 00:00-23:59; Closed: Sun');
  });

  it('toggling a day flips whether it is open', async () => {
    const user = open();
    await user.click(day('Saturday'));
    expect(day('Saturday')).toBeChecked();
    expect(legacy()).toHaveValue('Mon-Fri: 09:00-17:00; Sat: 10:00-16:00; Closed: Sun');
    await user.click(day('Monday'));
    expect(day('Monday')).not.toBeChecked();
    expect(legacy()).toHaveValue('Tue-Fri: 09:00-17:00; Sat: 10:00-16:00; Closed: Mon, Sun');
  });

  it('Quick Apply copies Monday to Tuesday-Friday', async () => {
    const user = open();
    await user.selectOptions(opens('Monday'), '08:00');
    await user.selectOptions(closes('Monday'), '18:30');
    expect(legacy()).toHaveValue('Mon: 08:00-18:30; Tue-Fri: 09:00-17:00; Closed: Sat, Sun');
    await user.click(screen.getByRole('button', { name: 'Apply Monday to all weekdays' }));
    for (const name of ['Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      expect(opens(name)).toHaveValue('08:00');
      expect(closes(name)).toHaveValue('18:30');
    }
    expect(legacy()).toHaveValue('Mon-Fri: 08:00-18:30; Closed: Sat, Sun');
  });

  it('Quick Apply copies Saturday to Sunday', async () => {
    const user = open();
    await user.click(day('Saturday'));
    await user.selectOptions(closes('Saturday'), '14:00');
    await user.click(screen.getByRole('button', { name: 'Apply Saturday to Sunday' }));
    expect(day('Sunday')).toBeChecked();
    expect(opens('Sunday')).toHaveValue('10:00');
    expect(closes('Sunday')).toHaveValue('14:00');
    expect(legacy()).toHaveValue('Mon-Fri: 09:00-17:00; Sat-Sun: 10:00-14:00');
  });

  it('adds the term-time suffix to the legacy text', async () => {
    const user = open();
    await user.click(screen.getByRole('switch', { name: 'Term Time Only' }));
    expect(legacy()).toHaveValue('Mon-Fri: 09:00-17:00; Closed: Sat, Sun (Term time only)');
  });

  it('a locked cabinet hides the schedule, shows the notice and is forced to 24/7', async () => {
    open({ locationType: 'locked_cabinet' });
    expect(screen.getByText(LOCKED_CABINET_NOTICE)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Monday' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply Monday to all weekdays' })).not.toBeInTheDocument();
    await waitFor(() => expect(legacy()).toHaveValue('24/7'));
    expect(seen.at(-1)).toMatchObject({ is24x7: true, monday: { isOpen: true, openTime: '00:00', closeTime: '23:59' } });
  });
});
