import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { json, mockFetch, type Routes } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { LocationPicker } from './location-picker';

const noKey = () => new Response('Google Maps API key not configured', { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

const changes: [number, number][] = [];

function Harness() {
  const [lat, setLat] = useState('');
  const [lng, setLng] = useState('');
  const [words, setWords] = useState('');
  return (
    <>
      <LocationPicker
        latitude={lat}
        longitude={lng}
        what3words={words}
        address="1 High Street, Leeds"
        postcode="LS1 1AA"
        onLocationChange={(a, b) => {
          changes.push([a, b]);
          setLat(String(a));
          setLng(String(b));
        }}
        onWhat3wordsChange={setWords}
      />
      <output aria-label="form coordinates">{`${lat},${lng}`}</output>
      <output aria-label="form words">{words}</output>
    </>
  );
}

function open(routes: Routes = {}) {
  changes.length = 0;
  const fetchMock = mockFetch({ 'GET /api/config': noKey, ...routes });
  const user = userEvent.setup();
  renderApp(<Harness />);
  return { user, fetchMock };
}

const coordinates = () => within(screen.getByRole('group', { name: 'Coordinates' }));
const threeWords = () => within(screen.getByRole('group', { name: 'Three-word address' }));

describe('LocationPicker', () => {
  it('works without a Maps key: says the key is not configured and offers no map controls', async () => {
    open();
    expect(await screen.findByText('Google Maps API key not configured')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset to Address' })).not.toBeInTheDocument();
    expect(screen.getByText('No location selected yet.')).toBeInTheDocument();
  });

  it('enables the coordinate Set Location only when both values are numbers, then sets the form coordinates', async () => {
    const { user, fetchMock } = open({ 'GET /api/what3words/convert-to-3wa': json({ status: 'success', words: 'index.home.raft' }) });
    await screen.findByText('Google Maps API key not configured');
    const set = coordinates().getByRole('button', { name: 'Set Location' });
    expect(set).toBeDisabled();

    await user.type(coordinates().getByLabelText('Latitude'), 'abc');
    await user.type(coordinates().getByLabelText('Longitude'), '-0.14189');
    expect(set).toBeDisabled();

    await user.clear(coordinates().getByLabelText('Latitude'));
    await user.type(coordinates().getByLabelText('Latitude'), '51.501364');
    expect(set).toBeEnabled();

    await user.clear(coordinates().getByLabelText('Longitude'));
    await user.type(coordinates().getByLabelText('Longitude'), 'west');
    expect(set).toBeDisabled();
    await user.clear(coordinates().getByLabelText('Longitude'));
    await user.type(coordinates().getByLabelText('Longitude'), '-0.14189');

    await user.click(set);
    expect(changes).toEqual([[51.501364, -0.14189]]);
    expect(screen.getByLabelText('form coordinates')).toHaveTextContent('51.501364,-0.14189');
    expect(screen.getByText('Selected location: 51.501364, -0.141890')).toBeInTheDocument();
    expect(coordinates().getByLabelText('Longitude')).toHaveValue('-0.141890');
    // The three-word address of the chosen spot is looked up to go with it.
    await waitFor(() => expect(screen.getByLabelText('form words')).toHaveTextContent('index.home.raft'));
    expect(fetchMock.calls()).toContain('GET /api/what3words/convert-to-3wa');
  });

  it('keeps the coordinates when the three-word service is down, and says so', async () => {
    const { user } = open({ 'GET /api/what3words/convert-to-3wa': json({ status: 'no_api_key', message: 'No key' }) });
    await screen.findByText('Google Maps API key not configured');
    await user.type(coordinates().getByLabelText('Latitude'), '53.8');
    await user.type(coordinates().getByLabelText('Longitude'), '-1.55');
    await user.click(coordinates().getByRole('button', { name: 'Set Location' }));
    expect(await screen.findByText('Service temporarily unavailable')).toBeInTheDocument();
    expect(screen.getByLabelText('form coordinates')).toHaveTextContent('53.8,-1.55');
  });

  it('disables the three-word Set Location while the input is empty', async () => {
    const { user } = open();
    await screen.findByText('Google Maps API key not configured');
    const set = threeWords().getByRole('button', { name: 'Set Location' });
    expect(set).toBeDisabled();
    expect(threeWords().getByLabelText('what3words Address')).toHaveAttribute('placeholder', 'filled.count.soap');
    await user.type(threeWords().getByLabelText('what3words Address'), 'filled');
    expect(set).toBeEnabled();
    await user.clear(threeWords().getByLabelText('what3words Address'));
    expect(set).toBeDisabled();
  });

  it('rejects words that are not three dot-separated words without calling the service', async () => {
    const { user, fetchMock } = open();
    await screen.findByText('Google Maps API key not configured');
    await user.type(threeWords().getByLabelText('what3words Address'), 'filled count soap');
    await user.click(threeWords().getByRole('button', { name: 'Set Location' }));
    expect(await screen.findByText('Invalid format. Example: filled.count.soap')).toBeInTheDocument();
    expect(fetchMock.calls()).not.toContain('GET /api/what3words/convert-to-coordinates');
    expect(changes).toEqual([]);
  });

  it('shows the format message when the service cannot resolve the words', async () => {
    const { user } = open({ 'GET /api/what3words/convert-to-coordinates': json({ status: 'error', message: 'Invalid words' }) });
    await screen.findByText('Google Maps API key not configured');
    await user.type(threeWords().getByLabelText('what3words Address'), 'not.real.words');
    await user.click(threeWords().getByRole('button', { name: 'Set Location' }));
    expect(await screen.findByText('Invalid format. Example: filled.count.soap')).toBeInTheDocument();
    expect(changes).toEqual([]);
  });

  it('sets the location from three words the service resolves', async () => {
    const { user, fetchMock } = open({
      'GET /api/what3words/convert-to-coordinates': json({ status: 'success', coordinates: { lat: 51.520847, lng: -0.195521 } }),
    });
    await screen.findByText('Google Maps API key not configured');
    await user.type(threeWords().getByLabelText('what3words Address'), 'filled.count.soap');
    await user.click(threeWords().getByRole('button', { name: 'Set Location' }));
    expect(await screen.findByText('Selected location: 51.520847, -0.195521')).toBeInTheDocument();
    expect(changes).toEqual([[51.520847, -0.195521]]);
    expect(screen.getByLabelText('form words')).toHaveTextContent('filled.count.soap');
    const [request] = fetchMock.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
      .filter((u) => u.pathname.endsWith('convert-to-coordinates'));
    expect(request.searchParams.get('words')).toBe('filled.count.soap');
  });

  it('reports the service as unavailable when the lookup fails outright', async () => {
    const { user } = open({ 'GET /api/what3words/convert-to-coordinates': json({ status: 'api_error', message: 'Quota' }) });
    await screen.findByText('Google Maps API key not configured');
    await user.type(threeWords().getByLabelText('what3words Address'), 'filled.count.soap');
    await user.click(threeWords().getByRole('button', { name: 'Set Location' }));
    expect(await screen.findByText('Service temporarily unavailable')).toBeInTheDocument();
  });

  it('with a Maps key, keeps the coordinate Set Location disabled until the map has loaded', async () => {
    const { user } = open({ 'GET /api/config': () => new Response('test-key', { headers: { 'Content-Type': 'text/plain' } }) });
    await waitFor(() => expect(screen.queryByText('Google Maps API key not configured')).not.toBeInTheDocument());
    await user.type(coordinates().getByLabelText('Latitude'), '53.8');
    await user.type(coordinates().getByLabelText('Longitude'), '-1.55');
    expect(coordinates().getByRole('button', { name: 'Set Location' })).toBeDisabled();
  });
});
