import { CONFIGURATOR_DATA_MAX_BYTES } from '@cms/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { listPage, type ListPage, type ListSpec, type RawListQuery } from '../common/http/list-query';
import { findOr404 } from '../common/http/find-or-404';
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

  list(raw: RawListQuery): Promise<ListPage<ConfiguratorDto>> {
    return listPage(this.dataSource.getRepository(Configurator).createQueryBuilder('configurator'), raw, CONFIGURATOR_LIST, 'configurator.id', (rows) =>
      rows.map(toDto),
    );
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

  private find(id: number, manager: EntityManager = this.dataSource.manager): Promise<Configurator> {
    return findOr404(manager, Configurator, { id }, `No configurator ${id}`);
  }
}
