import { CONFIGURATOR_DATA_MAX_BYTES } from '@cms/contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { applyFilters, applySortAndRange, parseListQuery, type ListSpec, type RawListQuery } from '../common/http/list-query';
import { assertStorableJson } from '../settings/storable-json';
import { Configurator } from './configurator.entity';
import type { ConfiguratorDto } from './dto/configurator.dto';

const CONFIGURATOR_LIST: ListSpec<Configurator> = {
  resource: 'configurators',
  sortable: { id: 'configurator.id' },
  defaultSort: ['id', 'ASC'],
  filters: { id: { kind: { type: 'int' }, column: 'configurator.id' } },
};

const toDto = (row: Configurator): ConfiguratorDto => ({ id: row.id, data: row.data });

/** Stored JSON documents of the configurator, kept and answered as given. */
@Injectable()
export class ConfiguratorService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(raw: RawListQuery): Promise<{ items: ConfiguratorDto[]; total: number; start: number }> {
    const query = parseListQuery(raw, CONFIGURATOR_LIST);
    const base = applyFilters(this.dataSource.getRepository(Configurator).createQueryBuilder('configurator'), query, CONFIGURATOR_LIST);
    const [rows, total] = await applySortAndRange(base, query, 'configurator.id').getManyAndCount();
    return { items: rows.map(toDto), total, start: query.range.start };
  }

  async get(id: number): Promise<ConfiguratorDto> {
    return toDto(await this.find(id));
  }

  async create(data: Record<string, unknown>): Promise<ConfiguratorDto> {
    assertStorableJson(data, CONFIGURATOR_DATA_MAX_BYTES, 'data');
    const repo = this.dataSource.getRepository(Configurator);
    return toDto(await repo.save(repo.create({ data })));
  }

  async update(id: number, data: Record<string, unknown>): Promise<ConfiguratorDto> {
    assertStorableJson(data, CONFIGURATOR_DATA_MAX_BYTES, 'data');
    return this.dataSource.transaction(async (manager) => {
      await this.find(id, manager);
      await manager.getRepository(Configurator).save({ id, data });
      return toDto(await this.find(id, manager));
    });
  }

  async remove(id: number): Promise<ConfiguratorDto> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.find(id, manager);
      await manager.getRepository(Configurator).delete({ id });
      return toDto(row);
    });
  }

  private async find(id: number, manager: EntityManager = this.dataSource.manager): Promise<Configurator> {
    const row = await manager.getRepository(Configurator).findOne({ where: { id } });
    if (!row) throw new NotFoundException(`No configurator ${id}`);
    return row;
  }
}
