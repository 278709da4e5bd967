import { ContainerFieldType } from '@cms/contracts';
import { itemsProblem, LOCATION_RANGE, locationProblem, timeRangeProblem } from './field-values';

describe('content field checks before save', () => {
  it('refuses a latitude or longitude out of range', () => {
    expect(locationProblem({ lat: 48.85, lng: 2.35 })).toBeUndefined();
    expect(locationProblem({ lat: 91, lng: 0 })).toEqual(LOCATION_RANGE);
    expect(locationProblem({ lat: 0, lng: -181 })).toEqual(LOCATION_RANGE);
    expect(locationProblem({ lat: 10, lng: null })).toEqual(LOCATION_RANGE);
    expect(LOCATION_RANGE).toEqual({ message: 'cms.validation.location_range', args: { lat: 90, lng: 180 } });
    expect(locationProblem(null)).toBeUndefined();
  });

  it('refuses a time range that ends before it starts', () => {
    expect(timeRangeProblem({ start: '09:00', end: '17:30' })).toBeUndefined();
    expect(timeRangeProblem({ start: '18:00', end: '09:00' })).toEqual('cms.validation.time_order');
  });

  it('counts the values of a multiple field against required, min and max', () => {
    const field = { type: ContainerFieldType.STRING, required: true, min: 2, max: 3 };
    expect(itemsProblem(field, [])).toEqual('ra.validation.required');
    expect(itemsProblem(field, ['a'])).toEqual({ message: 'cms.validation.min_items', args: { smart_count: 2 } });
    expect(itemsProblem(field, ['a', 'b', 'c', 'd'])).toEqual({ message: 'cms.validation.max_items', args: { smart_count: 3 } });
    expect(itemsProblem(field, ['a', 'b'])).toBeUndefined();
    expect(itemsProblem({ type: ContainerFieldType.LOCATION, required: false, min: null, max: null }, [{ lat: 100, lng: 0 }])).toEqual(LOCATION_RANGE);
  });
});
